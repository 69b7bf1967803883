// Turns Adrian Kennard's public-domain card faces, as published in the npm package @letele/playing-cards
// (React components, CC0 1.0), into the plain SVG files under assets/cards/classic/ that the game draws.
//
//   npm pack @letele/playing-cards@0.1.0 && tar xzf letele-playing-cards-0.1.0.tgz
//   node tools/convert_cards.mjs package/dist/index.esm.js assets/cards/classic
//
// Node 18 or newer and nothing else: React is not needed, a stand-in records the elements each component makes.
// What changes on the way (the drawings themselves are kept as they are):
// - every <use> is replaced by a copy of what it refers to, placed by a transform: pygame-ce reads SVG with
//   nanosvg, which draws no <use> (most pips and every court figure are <use>s of a <symbol>);
// - the card's own white rectangle is left out: the game draws the paper, rim and rounded corners of every card
//   itself, so these faces match the backs and the Royal queens, and are taller (1.45 to 1 against 1.4 to 1);
// - the backs (B1, B2) and the joker with text (J2; nanosvg draws no text) are not converted;
// - files are named as the game names cards: QS.svg, TD.svg (ten), JK.svg (the joker).
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error("usage: node tools/convert_cards.mjs package/dist/index.esm.js assets/cards/classic");
  process.exit(2);
}

// --- run the components with a stand-in for React ---------------------------------------------------------------
const React = { createElement: (type, props, ...children) => ({ type, props: props || {}, children }) };
const code = readFileSync(source, "utf8")
  .replace(/^import _extends from .*$/m, "const _extends = Object.assign;")
  .replace(/^import \* as React from .*$/m, "")
  .replace(/^export \{([^}]*)\};?\s*$/m, (_, names) => "return {" + names.replace(/(\w+) as (\w+)/g, "$2: $1") + "};");
const components = new Function("React", code)(React);

// --- names: the package's (Sq, H10, Da, J1) to the game's (QS, TH, AD, JK) ----------------------------------------
const RANKS = { a: "A", j: "J", q: "Q", k: "K", 10: "T" };
function gameName(name) {
  if (name === "J1") return "JK";
  if (name === "J2" || name.startsWith("B")) return null;
  const suit = name[0], rank = name.slice(1);
  return (RANKS[rank] || rank) + suit;
}

// --- attributes: React's spelling back to SVG's ------------------------------------------------------------------
const KEEP_CASE = new Set(["viewBox", "preserveAspectRatio", "patternUnits"]);
const DROP = new Set(["className", "xmlnsXlink", "aria-labelledby", "xlinkHref", "id"]);
function attrName(name) {
  return KEEP_CASE.has(name) ? name : name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}
const num = (v) => Number(parseFloat(v).toFixed(4)).toString();

function attributes(props, skip = new Set()) {
  return Object.entries(props)
    .filter(([k, v]) => v !== undefined && v !== null && !DROP.has(k) && !skip.has(k))
    .map(([k, v]) => ` ${attrName(k)}="${String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)
    .join("");
}

// --- <use> flattened: the transform that puts a symbol's viewBox into the use's box --------------------------------
function viewBoxTransform(symbol, x, y, width, height) {
  const [vx, vy, vw, vh] = symbol.props.viewBox.trim().split(/[\s,]+/).map(Number);
  const ratio = (symbol.props.preserveAspectRatio || "xMidYMid meet").trim().split(/\s+/);
  if (ratio[0] === "none") {
    const sx = width / vw, sy = height / vh;
    return `translate(${num(x - vx * sx)} ${num(y - vy * sy)}) scale(${num(sx)} ${num(sy)})`;
  }
  const scale = (ratio[1] === "slice" ? Math.max : Math.min)(width / vw, height / vh);
  const spare = (free, align) => (align === "Min" ? 0 : align === "Max" ? free : free / 2);
  const ox = spare(width - vw * scale, ratio[0].slice(1, 4));
  const oy = spare(height - vh * scale, ratio[0].slice(5, 8));
  return `translate(${num(x + ox - vx * scale)} ${num(y + oy - vy * scale)}) scale(${num(scale)})`;
}

function collect(node, ids) {
  if (!node || typeof node !== "object") return;
  if (node.props.id) ids.set(node.props.id, node);
  node.children.forEach((child) => collect(child, ids));
}

function write(node, ids) {
  if (node === null || node === undefined || node === false) return "";
  if (typeof node !== "object") return String(node);
  const { type, props, children } = node;
  if (type === "title" || type === "defs" || type === "symbol") return "";  // symbols come in through their uses
  if (type === "use") {
    const ref = ids.get(props.xlinkHref.slice(1));
    if (!ref) throw new Error(`no element ${props.xlinkHref}`);
    const x = Number(props.x || 0), y = Number(props.y || 0);
    const own = attributes(props, new Set(["x", "y", "width", "height", "transform"]));
    const outer = props.transform ? `${props.transform} ` : "";
    if (ref.type === "symbol") {
      const place = viewBoxTransform(ref, x, y, Number(props.width), Number(props.height));
      return `<g transform="${outer}${place}"${own}>${ref.children.map((c) => write(c, ids)).join("")}</g>`;
    }
    const shift = x || y ? `translate(${num(x)} ${num(y)})` : "";
    const copy = { ...ref, props: { ...ref.props, id: undefined } };
    return `<g transform="${outer}${shift}"${own}>${write(copy, ids)}</g>`;
  }
  const inside = children.map((c) => write(c, ids)).join("");
  return inside ? `<${type}${attributes(props)}>${inside}</${type}>` : `<${type}${attributes(props)}/>`;
}

function isCardRect(node) {
  return node && node.type === "rect" && Number(node.props.width) === 239 && Number(node.props.height) === 335;
}

mkdirSync(target, { recursive: true });
let count = 0;
for (const [name, component] of Object.entries(components)) {
  const card = gameName(name);
  if (!card) continue;
  const root = component({});
  const ids = new Map();
  collect(root, ids);
  const body = root.children.filter((child) => !isCardRect(child)).map((c) => write(c, ids)).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${root.props.viewBox}" width="240" height="336">` +
    `${body}</svg>\n`;
  writeFileSync(join(target, `${card}.svg`), svg);
  count += 1;
}
console.log(`${count} faces written to ${target}`);
