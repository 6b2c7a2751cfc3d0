// Screenshot of the demo graph in Neo4j Browser, with headless Chromium.
//
//   .venv/bin/python -m graphmem.demo            # the demo user's graph in the dev Neo4j
//   cd docs/screenshot && npm install && node take_screenshot.mjs
//
// Environment (all optional): CHROMIUM (default /usr/bin/chromium), NEO4J_HTTP
// (http://127.0.0.1:7474), NEO4J_BOLT (bolt://127.0.0.1:7687), NEO4J_USER (neo4j),
// GRAPHMEM_NEO4J__PASSWORD (graphmem's local-dev default), DEMO_USER (demo-user),
// OUT (../browser-demo.png). Logs in through Browser's connect form, applies the graphmem
// :style (docs/browser-style.grass), sets $user_id and runs cypher/browse/scope_overview.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const env = process.env;
const http = env.NEO4J_HTTP ?? 'http://127.0.0.1:7474';
const bolt = env.NEO4J_BOLT ?? 'bolt://127.0.0.1:7687';
const user = env.NEO4J_USER ?? 'neo4j';
const password = env.GRAPHMEM_NEO4J__PASSWORD ?? 'graphmem-local-dev';
const demoUser = env.DEMO_USER ?? 'demo-user';
const out = path.resolve(here, env.OUT ?? '../browser-demo.png');

/** One line of text: Browser runs the editor's content; comments are dropped. */
function oneLine(text) {
  return text.split('\n').filter((l) => !l.trim().startsWith('//')).join(' ')
    .replace(/\s+/g, ' ').trim();
}

const style = ':style ' + oneLine(fs.readFileSync(path.join(root, 'docs/browser-style.grass'), 'utf8'));
const overview = oneLine(fs.readFileSync(path.join(root, 'cypher/browse/scope_overview.cypher'), 'utf8'));

async function run(page, command) {
  const editor = page.locator('#monaco-main-editor textarea, .monaco-editor textarea').first();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(command);
  await page.locator('[data-testid="editor-Run"]').first().click();
  await page.waitForTimeout(1500);
}

async function login(page) {
  const [scheme, address] = bolt.split('://');
  const dbms = `${scheme}://${user}@${address}`;
  await page.goto(`${http}/browser/?dbms=${encodeURIComponent(dbms)}&db=neo4j`);
  const field = page.locator('[data-testid="password"]');
  await field.waitFor({ timeout: 60_000 });
  await field.fill(password);
  await page.locator('[data-testid="connect"]').click();
  await page.getByText('You are connected as user').first().waitFor({ timeout: 30_000 });
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'graphmem-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1600, height: 1000 },
  deviceScaleFactor: 1.5,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await login(page);
  await run(page, style);
  await run(page, `:param user_id => '${demoUser.replace(/'/g, "\\'")}'`);
  await run(page, ':clear');
  await run(page, overview);
  await page.locator('svg .node').first().waitFor({ timeout: 30_000 });
  await page.locator('button[title="Fullscreen"]').first().click();
  await page.locator('button[title="Collapse the node properties display"]').click();
  await page.waitForTimeout(6000); // let the force layout settle
  await page.locator('button[aria-label="zoom-to-fit"]').click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  console.log(`saved ${out}`);
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
