// What the machine itself costs, printed beside the figures so runs on different machines can be
// compared. A page fault (the first touch of memory the process was just given) costs ~0.1–1 µs
// on most hardware and ~11 µs on some of this project's virtual machines, where a freed page goes
// back to the host. Long-running servers barely notice; a browser loading a page (a fresh
// renderer, a growing JavaScript heap) does, and so do Lighthouse's main-thread figures.
import { cpus, totalmem } from "node:os";
import { mib, round } from "./util";

const PAGE = 4096;

/** Microseconds to touch one fresh 4 KiB page: the best of three 128 MiB allocations. */
export function freshPageMicroseconds(): number {
  const size = 128 * 1024 * 1024;
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const memory = Buffer.allocUnsafeSlow(size); // mapped, not yet touched
    const start = performance.now();
    for (let offset = 0; offset < size; offset += PAGE) memory[offset] = 1;
    best = Math.min(best, performance.now() - start);
  }
  return (best * 1000) / (size / PAGE);
}

export function describeMachine(): string {
  const cores = `${cpus().length} núcleos (${cpus()[0]?.model ?? "?"})`;
  const memory = `${mib(totalmem())} de memória`;
  const faults = `memória nova: ${round(freshPageMicroseconds(), 2)} µs por página de 4 KiB`;
  return `${cores}, ${memory}, ${faults}, Node ${process.version}, ${process.platform}`;
}
