// `npm test`: every suite, in order.
//  1. Vitest on fresh in-memory PGlite databases.
//  2. The server-side suites that open a test database again on PostgreSQL, when TEST_DATABASE_URL
//     is set.
//  3. Playwright browser tests against the production build. Without a Chromium this says so
//     loudly and skips them, except under CI=true, where a missing browser fails the run.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;
// Named again at the very end, so the last lines of a long log (all CI keeps) say what failed.
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failedSuites++;
  return result.status === 0;
}

function firstLine(text) {
  return (
    String(text ?? "")
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim()
      .slice(0, 240) ?? ""
  );
}

function addVitest(file, pass) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const where = suite.name?.replace(`${process.cwd()}/`, "") ?? "?";
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      failures.push(`[${pass}] ${where} › ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && suite.status === "failed") {
      failures.push(`[${pass}] ${where}\n      ${firstLine(suite.message)}`);
    }
  }
}

function collectPlaywright(suite, titles) {
  for (const child of suite.suites ?? []) collectPlaywright(child, [...titles, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== "unexpected") continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(
        `[Playwright] ${spec.file}:${spec.line} › ${[...titles.slice(1), spec.title].join(" › ")}\n      ${firstLine(error)}`,
      );
    }
  }
}

function addPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, "utf8")).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
  for (const suite of JSON.parse(readFileSync(file, "utf8")).suites ?? [])
    collectPlaywright(suite, [suite.title]);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Every test file under `dir`. */
function testFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(path));
    else if (/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found.sort();
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    base.replace(/\.js$/, ".ts"),
    join(base, "index.ts"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Whether `file`, or anything it imports from this repository, reads TEST_ENGINE: the test
 * databases (app/server/db/test-database.server.ts), the backup tests' places, the suites that
 * pick their engine themselves. A suite that does not runs the same on either engine.
 */
function reachesTestEngine(file, visited = new Set()) {
  if (visited.has(file)) return false;
  visited.add(file);
  const text = readFileSync(file, "utf8");
  if (text.includes("process.env.TEST_ENGINE")) return true;
  return [...text.matchAll(/(?:from\s*|import\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)].some((match) => {
    const target = resolveImport(file, match[1]);
    return target !== null && reachesTestEngine(target, visited);
  });
}

rmSync("test-results", { recursive: true, force: true });

// One production build for every suite that runs the real server (Vitest's and Playwright's),
// made here unless it is newer than every source (`npm run check` has just made it). A suite
// that finds none builds it itself (tests/support/server.ts), inside its own timeout.
const buildDir = process.env.BUILD_DIR ?? "build";
const buildEntry = `${buildDir}/server/index.js`;
const sources = Math.max(newestMtime("app"), newestMtime("server"), newestMtime("public"));
if (!existsSync(buildEntry) || statSync(buildEntry).mtimeMs < sources) {
  run("Build de produção para os testes", "npx", ["react-router", "build"]);
}
process.env.VITEST_BUILD_DIR = buildDir;

run("Testes unitários e de integração (PGlite)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest-pglite.json",
]);
addVitest("test-results/vitest-pglite.json", "PGlite");

if (process.env.TEST_DATABASE_URL) {
  // Only the server-side suites whose database the engine decides: one that never opens a test
  // database (image pipeline, headers, config…) would prove on PostgreSQL what it just proved.
  const databaseSuites = testFiles("app/server").filter((file) => reachesTestEngine(resolve(file)));
  run(
    "Testes do banco de dados no PostgreSQL (TEST_DATABASE_URL)",
    "npx",
    [
      "vitest",
      "run",
      ...databaseSuites,
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=test-results/vitest-postgres.json",
    ],
    { TEST_ENGINE: "postgres" },
  );
  addVitest("test-results/vitest-postgres.json", "PostgreSQL");
} else {
  console.log("\n(TEST_DATABASE_URL não definida: a segunda passada no PostgreSQL foi pulada.)");
}

const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const banner = `\n${"!".repeat(72)}\n!! Chromium não encontrado em ${chromium}.\n!! Os testes de navegador (Playwright) NÃO foram executados.\n!! Instale com: apt-get install -y chromium  (ou defina CHROME_PATH)\n${"!".repeat(72)}\n`;
  console.error(banner);
  if (process.env.CI === "true") {
    console.error("CI=true: sem navegador a execução falha.");
    failedSuites++;
  }
} else {
  rmSync(process.env.E2E_DATA_DIR ?? "data-e2e", { recursive: true, force: true });
  run("Testes de navegador (Playwright, Chromium do sistema)", "npx", ["playwright", "test"]);
  addPlaywright("test-results/e2e.json");
}

if (failures.length > 0) console.log(`\nFalharam:\n${failures.map((line) => `  ✘ ${line}`).join("\n")}`);
console.log(`\nResultado: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites > 0 || totals.failed > 0 ? 1 : 0);
