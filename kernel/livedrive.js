// Driven by kernel.DriveLiveSliders: opens a notebook in the classic Jupyter
// front end (headless Chromium through puppeteer-core), runs all cells, and
// moves every live slider (kernel.DisplayLiveSlider) through its positions as a
// user would, recording which view the running cell drew; then clicks Done
// and checks that the plain-HTML slider replaced the live one.
// Arguments come as JSON in LAO_DRIVE; the result is one JSON line on stdout.
"use strict";
const puppeteer = require("puppeteer-core");
const cfg = JSON.parse(process.env.LAO_DRIVE);

// Which live slider to drive next: an id, "DONE" when every cell ran, or false.
function nextLive(seen) {
  const live = [...document.querySelectorAll(".lao-live")]
    .find((e) => !seen.includes(e.id) && e.querySelector("input[type=range]") && e.querySelector("button"));
  if (live) return live.id;
  const cells = Jupyter.notebook.get_cells().filter((c) => c.cell_type === "code");
  const ran = cells.every((c) => typeof c.input_prompt_number === "number");
  return ran && !Jupyter.notebook.kernel_busy ? "DONE" : false;
}

// Moves slider id through every position and clicks Done (runs in the page).
async function drive(id, stepMs) {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const root = document.getElementById(id);
  const input = root.querySelector("input[type=range]");
  const cell = root.closest(".cell");
  const view = () => document.querySelector(`.lao-live-view[data-lao-live="${id}"]`);
  const st = { id, shown: [], prints: [], labels: [] };
  for (let v = 0; v <= +input.max; v++) {
    input.value = String(v);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    const t0 = Date.now();
    while (Date.now() - t0 < stepMs && !(view() && +view().dataset.index === v)) await sleep(50);
    const e = view();
    st.shown.push(e ? +e.dataset.index : -1);
    const h = e ? e.innerHTML : "";
    let x = 2166136261; // FNV-1a over the whole view: views that share a scale share their first and last characters
    for (let j = 0; j < h.length; j++) x = Math.imul(x ^ h.charCodeAt(j), 16777619) >>> 0;
    st.prints.push(h.length + ":" + x.toString(16));
    await sleep(300); // the value label follows through a second message
    const label = document.getElementById(id + "-value");
    st.labels.push(label ? label.textContent : "(no live value label: the cell ended)");
  }
  st.last = +input.value;
  // After Done the cell erases the live blocks and displays the HTML slider
  // with every view; beside busy loops this took over 30 s in CI, so the
  // wait is four steps, and what the cell held at its end is recorded. A
  // click the kernel never answered (once in CI beside two busy loops: the
  // live controls stayed 120 s) is clicked again after each step's wait, as
  // a user would; st.clicks counts them.
  const t0 = Date.now();
  st.clicks = 0;
  while (Date.now() - t0 < 4 * stepMs && (document.getElementById(id) || !cell.querySelector(".lao-slider"))) {
    // The button is looked up at each click: a Done widget left unanswered
    // is replaced by a new one (kernel's handshakeWidget).
    const button = document.getElementById(id)?.querySelector("button");
    if (button && st.clicks * stepMs <= Date.now() - t0) {
      button.click();
      st.clicks++;
    }
    await sleep(100);
  }
  const kept = cell.querySelector(".lao-slider input[type=range]");
  st.persisted = !document.getElementById(id) && !!kept;
  st.persistedAt = kept ? +kept.value : -1;
  st.afterDone = `${Date.now() - t0} ms after Done (clicked ${st.clicks} time(s)): live controls ${document.getElementById(id) ? "still shown" : "gone"}, ` +
    `HTML slider ${kept ? "shown" : "absent"}, cell ${cell.classList.contains("running") ? "running" : "not running"}`;
  return st;
}

(async () => {
  const browser = await puppeteer.launch({
    executablePath: cfg.chromium,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run", "--user-data-dir=" + cfg.profile],
  });
  const out = { sliders: [], console: [] };
  try {
    const page = await browser.newPage();
    page.on("console", (m) => out.console.push(m.type() + ": " + m.text()));
    await page.goto(cfg.url, { waitUntil: "load", timeout: cfg.stepMs * 4 });
    await page.waitForFunction(() => globalThis.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel &&
      Jupyter.notebook.kernel.is_connected(), { timeout: cfg.stepMs * 4, polling: 200 });
    await page.evaluate(() => Jupyter.notebook.execute_all_cells());
    const seen = [];
    for (;;) {
      const h = await page.waitForFunction(nextLive, { timeout: cfg.runMs, polling: 200 }, seen);
      const id = await h.jsonValue();
      if (id === "DONE") break;
      seen.push(id);
      out.sliders.push(await page.evaluate(drive, id, cfg.stepMs));
    }
    out.outputs = await page.evaluate(() => document.querySelector("#notebook-container").innerText.slice(-4000));
  } catch (e) {
    out.error = String(e && e.stack || e);
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(out) + "\n");
})();
