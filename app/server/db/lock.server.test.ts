import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./lock.server";

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

describe("data folder lock", () => {
  it("refuses a folder held by another live process, with a clear message", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    writeFileSync(join(dir, "server.lock"), String(child.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/já está em uso pelo processo/);
  });

  it("takes over a stale lock left by a dead process and releases it", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    writeFileSync(join(dir, "server.lock"), "999999999");
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, "server.lock"))).toBe(false);
  });
});
