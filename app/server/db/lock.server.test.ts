// The data-folder lock against real processes: one that holds it, and one killed with SIGKILL
// whose parent never reaps it (the zombie that refused a restart when the lock was a PID).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from "./lock.server";

const HOLDER = join(import.meta.dirname, "lock-holder.test-support.ts");
const holderCommand = (dir: string) => [process.execPath, "--import", "tsx", HOLDER, dir];

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** Starts `command`, returns the first line it prints. */
async function firstLine(command: string[]): Promise<{ child: ChildProcess; line: string }> {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const line = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`saiu com ${code} antes de escrever`)));
  });
  return { child, line };
}

/** Linux's process state letter ("Z" for a zombie), or null once the process is gone. */
function processState(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /s, "")
      .charAt(0);
  } catch {
    return null;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const freshDir = () => mkdtempSync(join(tmpdir(), "lock-"));

describe("data folder lock", () => {
  it("refuses a folder held by another live process, naming it", async () => {
    const dir = freshDir();
    const { line: pid } = await firstLine(holderCommand(dir));
    expect(pid).toMatch(/^\d+$/);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`já está em uso pelo processo ${pid}`);
  });

  it("refuses a second server in the same process too", () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it.runIf(process.platform === "linux")(
    "is free as soon as its holder is killed with SIGKILL, before anyone reaps it",
    async () => {
      const dir = freshDir();
      // The holder is started in the background by a shell that then becomes `sleep`, which
      // never waits for children: once killed, the holder stays a zombie.
      const command = holderCommand(dir)
        .map((part) => `'${part}'`)
        .join(" ");
      const { line: pid } = await firstLine(["sh", "-c", `${command} & exec sleep 600`]);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);

      process.kill(Number(pid), "SIGKILL");
      await until(() => processState(Number(pid)) === "Z");

      // The leader shows "Z" as soon as it exits; its other threads (V8's, libuv's) may take a
      // moment longer under load, and the files close with the last of them. Nobody reaps it.
      let release: (() => void) | undefined;
      await until(() => {
        try {
          release = acquireDataDirLock(dir);
          return true;
        } catch (error) {
          if (!(error instanceof DataDirLockedError)) throw error;
          return false;
        }
      });
      expect(processState(Number(pid))).toBe("Z");
      expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
      // And it is this process's now: another one is refused.
      const { line } = await firstLine(holderCommand(dir));
      expect(line).toContain(
        `recusado: A pasta de dados ${dir} já está em uso pelo processo ${process.pid}.`,
      );
      release?.();
    },
  );

  it("is not held by a lock file alone (one left by a crash, or by an older version)", () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE), "999999999");
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    acquireDataDirLock(dir)();
  });
});
