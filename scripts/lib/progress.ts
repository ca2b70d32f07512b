// One progress line that rewrites itself on a terminal (stderr), and stays silent otherwise:
// a scheduled job's log keeps only the result.
export function progressLine(stream: NodeJS.WriteStream = process.stderr) {
  let shownAt = 0;
  let shown = false;
  return {
    update(line: string) {
      if (!stream.isTTY) return;
      const now = Date.now();
      if (now - shownAt < 100) return;
      shownAt = now;
      stream.cursorTo(0);
      stream.clearLine(0);
      stream.write(line.slice(0, Math.max(20, (stream.columns ?? 80) - 1)));
      shown = true;
    },
    clear() {
      if (!shown) return;
      stream.cursorTo(0);
      stream.clearLine(0);
      shown = false;
    },
  };
}
