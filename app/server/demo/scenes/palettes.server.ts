// The scenes' palettes: warm and coastal.

export const SKIES: readonly [string, string][] = [
  ["#2f7fc8", "#cfe9f7"],
  ["#3a8ad2", "#e2f1f8"],
  ["#4592d6", "#f4e4c8"],
  ["#2c74bd", "#bfe2f2"],
  ["#5a86c4", "#f7d3a4"],
];

export const SEA_DEEP = ["#0b5f8a", "#0d6a97", "#115e85", "#0a5479"];

export const SEA_SHALLOW = ["#2ec4bd", "#3fcfc4", "#5ad3c6", "#27b8b8"];

export const SANDS = ["#f1dcb3", "#ecd3a4", "#f4e3c3", "#efd7ad"];

export const GREENS = ["#2f7d34", "#3d8c3a", "#2a6e3f", "#4a9630", "#367a2c"];

export const FACADES = ["#f4efe6", "#efe6d6", "#e9e2d8", "#e3ebee", "#f2e3cf", "#f6f1ea", "#e8ddd0"];

export const ACCENT_FACADES = ["#c9704a", "#6f8fa6", "#b8a48a", "#7a9a86", "#d9a15b", "#8f7a6a"];

export const ROOFS = ["#b9552f", "#a94b2a", "#c2623a", "#9c4a30", "#7e5a4a"];

export const WALLS = ["#f3ede4", "#ece4d8", "#e8efef", "#f1e7dc", "#e2e8e0", "#f5efe8", "#e9e1d3"];

export const WOODS = ["#b07a4f", "#9c6b45", "#c89468", "#8a5a3b", "#c4a27c", "#a37550"];

export const FABRICS = [
  "#3f6f8f",
  "#d9cbb5",
  "#6b8f71",
  "#c97b5a",
  "#e7dccb",
  "#5d6d7e",
  "#a3b8b0",
  "#8c6d5a",
];

export const FLOORS = ["#e6ddd0", "#d9cdbd", "#efe8dd", "#cfc3b4", "#e2d6c3"];
