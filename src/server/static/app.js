// Crosscheck page. Corpus text only ever reaches the DOM through textContent / createTextNode.
"use strict";

const KNOWN_SOURCES = ["docs", "forums", "tickets", "blogs"];
const VERDICTS = ["consistent", "contradiction", "scoped", "insufficient_data"];
const FACTORS = ["fusion", "prior", "authority", "accepted", "votes", "status", "recency", "version", "rerank"];

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function badge(source) {
  const known = KNOWN_SOURCES.includes(source) ? source : "other";
  return el("span", "badge src-" + known, source);
}

// With `serve --token`, the API needs "Authorization: Bearer <token>". The page takes the token
// once, from its address (/#token=... after the host and port; a fragment never reaches the server or
// its logs) or from the token form it shows on a 401, and keeps it for this tab only.
const TOKEN_KEY = "crosscheck-token";

function takeTokenFromAddress() {
  const m = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  if (!m) return;
  try { sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(m[1])); } catch (e) { /* storage off: ask later */ }
  history.replaceState(null, "", location.pathname + location.search);
}

function savedToken() {
  try { return sessionStorage.getItem(TOKEN_KEY) || ""; } catch (e) { return ""; }
}

async function api(path, init) {
  const headers = Object.assign({}, (init && init.headers) || {});
  const token = savedToken();
  if (token) headers["Authorization"] = "Bearer " + token;
  const resp = await fetch(path, Object.assign({}, init || {}, {headers: headers}));
  if (resp.status === 401) showTokenForm(token !== "");
  return resp;
}

function showTokenForm(wasWrong) {
  const form = document.getElementById("token-form");
  form.hidden = false;
  document.getElementById("token-note").textContent = wasWrong
    ? "The server refused this token; enter the right one." : "This server needs its access token.";
  document.getElementById("token").focus();
}

function useToken(ev) {
  ev.preventDefault();
  const input = document.getElementById("token");
  const token = input.value.trim();
  if (!token) return;
  try { sessionStorage.setItem(TOKEN_KEY, token); } catch (e) { /* kept for this page only */ }
  input.value = "";
  document.getElementById("token-form").hidden = true;
  setStatus("Token saved for this tab.");
  loadConflicts();
}

function setStatus(text, isError) {
  const s = document.getElementById("status");
  s.textContent = text;
  s.className = isError ? "error" : "";
}

function highlight(id) {
  const card = [...document.querySelectorAll("#evidence li.card")].find((n) => n.dataset.id === String(id));
  if (!card) return;
  document.querySelectorAll("#evidence li.hit").forEach((n) => n.classList.remove("hit"));
  card.classList.add("hit");
  card.scrollIntoView({behavior: "smooth", block: "center"});
}

// "text [1] more [2]" -> text nodes and citation links; the answer text is never parsed as HTML.
function renderAnswer(container, text, citations) {
  container.replaceChildren();
  const byN = new Map(citations.map((c) => [c.n, c]));
  const parts = String(text).split(/\[(\d+)\]/);
  parts.forEach((part, i) => {
    if (i % 2 === 0) { container.appendChild(document.createTextNode(part)); return; }
    const c = byN.get(Number(part));
    if (!c) { container.appendChild(document.createTextNode("[" + part + "]")); return; }
    const a = el("a", "cite", "[" + part + "]");
    a.href = "#citation-" + Number(part);
    a.title = c.id;
    a.dataset.n = String(Number(part));
    container.appendChild(a);
  });
}

// A PDF chunk's id is <path>.pdf#p<page>c<k>: shown as "<path>, page N" (the server's display
// labels say the same; this covers an evidence card, which has no label).
const PDF_CHUNK = /\.pdf#p(\d+)c\d+(?:-\d+)?$/i;

function chunkLabel(id) {
  const m = PDF_CHUNK.exec(String(id));
  return m ? String(id).split("#")[0] + ", page " + Number(m[1]) : String(id);
}

function renderCitations(citations, labels) {
  const list = document.getElementById("citations");
  list.replaceChildren();
  for (const c of citations) {
    const li = el("li");
    li.id = "citation-" + Number(c.n);
    li.appendChild(el("span", "cnum", "[" + c.n + "]"));
    li.appendChild(badge(c.source));
    const shown = labels.get(c.n);
    const link = el("a", "cid", shown ? shown.label : chunkLabel(c.id));
    link.title = c.id;
    link.href = "#";
    link.addEventListener("click", (ev) => { ev.preventDefault(); highlight(c.id); });
    li.appendChild(link);
    li.appendChild(el("q", "csentence", c.sentence));
    list.appendChild(li);
  }
}

// The ranked results, then the cited chunks the claim graph read below their cut (a source's own
// voice, counter-evidence), so that every citation has a card to show.
function renderEvidence(results, beyond) {
  const list = document.getElementById("evidence");
  list.replaceChildren();
  const cards = [...results, ...beyond.map((r) => ({...r, rank: null}))];
  for (const r of cards) {
    const li = el("li", r.rank === null ? "card beyond" : "card");
    li.dataset.id = String(r.id);
    const head = el("div", "card-head");
    head.appendChild(el("span", "rank", r.rank === null ? "cited, below the top " + results.length : "#" + r.rank));
    head.appendChild(badge(r.source));
    head.appendChild(el("span", "score", "score " + Number(r.score).toFixed(4)));
    li.appendChild(head);
    const title = r.metadata && r.metadata.title;
    if (title) li.appendChild(el("div", "title", title));
    const idLine = el("div", "chunk-id", chunkLabel(r.id));
    idLine.title = r.id;
    li.appendChild(idLine);
    const factors = el("div", "factors");
    for (const name of FACTORS) {
      if (r.scores && typeof r.scores[name] === "number") {
        factors.appendChild(el("span", "factor", name + " " + r.scores[name].toFixed(3)));
      }
    }
    li.appendChild(factors);
    const text = String(r.text || "");
    li.appendChild(el("p", "text", text.length > 600 ? text.slice(0, 600) + " ..." : text));
    list.appendChild(li);
  }
  document.getElementById("evidence-panel").hidden = cards.length === 0;
}

// `messages` (the server's display.warnings) words a conflict warning that would repeat the
// explanation as one line; without them, each warning's own message.
function renderWarnings(warnings, messages) {
  const list = document.getElementById("warnings");
  list.replaceChildren();
  warnings.forEach((w, i) => {
    const li = el("li", "warning");
    li.appendChild(el("span", "wkind", String(w.kind).replace(/_/g, " ")));
    li.appendChild(document.createTextNode(" " + (messages && typeof messages[i] === "string" ? messages[i] : w.message)));
    list.appendChild(li);
  });
}

function renderAsk(data) {
  const status = VERDICTS.includes(data.verdict.status) ? data.verdict.status : "insufficient_data";
  const v = document.getElementById("verdict-status");
  v.textContent = status.replace("_", " ");
  v.className = "verdict v-" + status;
  document.getElementById("method").textContent = data.method === "llm" ? "LLM answer (" + data.llm + ")"
    : data.method === "extractive" ? "extractive answer" : "";
  renderAnswer(document.getElementById("answer"), data.answer, data.citations);
  document.querySelectorAll("#answer a.cite").forEach((a) => a.addEventListener("click", (ev) => {
    ev.preventDefault();
    const c = data.citations.find((x) => x.n === Number(a.dataset.n));
    document.querySelectorAll("#citations li.hit").forEach((n) => n.classList.remove("hit"));
    const item = document.getElementById("citation-" + Number(a.dataset.n));
    if (item) item.classList.add("hit");
    if (c) highlight(c.id);
  }));
  // One explanation, in plain words (display), and the authoritative value without the sources it names.
  const shown = data.display || {};
  const auth = "authoritative" in shown ? shown.authoritative : data.verdict.authoritative_answer;
  document.getElementById("authoritative").textContent = auth ? "Authoritative answer: " + auth : "";
  document.getElementById("verdict-explanation").textContent = shown.explanation || data.verdict.explanation || "";
  renderWarnings(data.warnings || [], shown.warnings);
  renderCitations(data.citations || [], new Map((shown.citations || []).map((c) => [c.n, c])));
  document.getElementById("answer-panel").hidden = false;
  renderEvidence(data.results || [], data.cited_beyond || []);
  const frame = document.getElementById("graph");
  const hasGraph = data.graph && data.graph.keys && data.graph.keys.length > 0 && data.query_id;
  document.getElementById("graph-panel").hidden = !hasGraph;
  frame.src = hasGraph ? "/api/graph/" + encodeURIComponent(data.query_id) : "about:blank";
}

async function ask(ev) {
  ev.preventDefault();
  const q = document.getElementById("q").value.trim();
  if (!q) { setStatus("Type a question first.", true); return; }
  const button = document.getElementById("ask-button");
  button.disabled = true;
  setStatus("Searching every source...");
  try {
    const resp = await api("/api/ask", {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({q: q, mode: document.getElementById("mode").value,
                            rerank: document.getElementById("rerank").checked}),
    });
    const data = await resp.json();
    if (!resp.ok) { setStatus(data.error || ("request failed: " + resp.status), true); return; }
    renderAsk(data);
    const ms = data.timings_ms && data.timings_ms.answer_total;
    setStatus((data.results || []).length + " results" + (ms ? " in " + Math.round(ms) + " ms" : ""));
    document.body.dataset.state = "answered";
  } catch (err) {
    setStatus("The server did not answer: " + err, true);
  } finally {
    button.disabled = false;
  }
}

async function loadConflicts() {
  const status = document.getElementById("conflicts-status");
  try {
    const resp = await api("/api/conflicts");
    const data = await resp.json();
    if (!resp.ok) { status.textContent = data.error || "audit failed"; return; }
    const list = document.getElementById("conflicts");
    list.replaceChildren();
    // One item per fact: the sides that disagree (restatements folded into their side), then the
    // values that only hold for another plan or version, shown as scoped, not as conflicts.
    for (const k of data.keys || []) {
      const li = el("li", "fact");
      li.appendChild(el("strong", "ckey", k.key));
      const d = k.display;
      if (!d) {
        li.appendChild(el("div", "explanation", k.explanation));
        list.appendChild(li);
        continue;
      }
      if (d.conflict) {
        const line = el("div", "cconflict");
        line.appendChild(el("span", "clabel", "Conflict: "));
        line.appendChild(el("span", "cvalues", d.conflict));
        li.appendChild(line);
      }
      if (d.scoped_text) {
        const line = el("div", "cscoped");
        line.appendChild(el("span", "clabel", "Scoped, not in conflict: "));
        line.appendChild(document.createTextNode(d.scoped_text));
        li.appendChild(line);
      }
      if (d.other_text) {
        const line = el("div", "cother");
        line.appendChild(el("span", "clabel", "Also stated: "));
        line.appendChild(document.createTextNode(d.other_text));
        li.appendChild(line);
      }
      list.appendChild(li);
    }
    const n = (data.keys || []).length;
    status.textContent = n ? (n + (n === 1 ? " fact" : " facts") + " on which sources contradict each other")
      : "No contradictions found.";
  } catch (err) {
    status.textContent = "The corpus audit failed: " + err;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  takeTokenFromAddress();
  document.getElementById("ask-form").addEventListener("submit", ask);
  document.getElementById("token-form").addEventListener("submit", useToken);
  loadConflicts();
});
