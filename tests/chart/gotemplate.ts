/**
 * A small Go text/template engine with the Sprig/Helm functions the Gains chart uses, so the
 * chart can be rendered and checked where Helm does not install.
 *
 * Semantics follow Go's text/template with `missingkey=error` (what `helm lint --strict` and
 * `helm template` with strict values give): reading a map key that does not exist is an error,
 * and so is reading a field of nil. Supported: text, `{{- -}}` trimming, comments, pipelines,
 * parenthesised pipelines, variables (`$x := ...`, `$x = ...`, `$`), `if/else if/else`,
 * `range` (lists and maps, with 0/1/2 variables, `else`), `with/else`, `define`, `template`,
 * `include`, and the functions in FUNCS below. Anything else is a parse error, so the chart
 * cannot silently depend on something this engine does not understand.
 */
import { createHash } from 'node:crypto';
import YAML from 'yaml';

export class TemplateError extends Error {}

// ---------------------------------------------------------------- scanning

export type Segment = { type: 'text'; text: string } | { type: 'action'; src: string; line: number };

/** Splits a template into text and actions, applying the `{{-` / `-}}` whitespace trimming. */
export function scan(src: string, file = '<template>'): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  let trimNext = false;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    let text = open < 0 ? src.slice(i) : src.slice(i, open);
    if (trimNext) text = text.replace(/^\s+/, '');
    trimNext = false;
    if (open < 0) {
      if (text) out.push({ type: 'text', text });
      break;
    }
    let j = open + 2;
    const leftTrim = /^-[ \t\r\n]/.test(src.slice(j, j + 2));
    if (leftTrim) {
      text = text.replace(/\s+$/, '');
      j += 1;
    }
    if (text) out.push({ type: 'text', text });
    // Find the closing }} outside string literals and comments.
    let k = j;
    let quote: string | null = null;
    for (; k < src.length; k++) {
      const c = src[k];
      if (quote) {
        if (c === '\\' && quote === '"') k++;
        else if (c === quote) quote = null;
        continue;
      }
      if (src.startsWith('/*', k)) {
        const end = src.indexOf('*/', k + 2);
        if (end < 0) throw new TemplateError(`${file}: unclosed comment`);
        k = end + 1;
        continue;
      }
      if (c === '"' || c === '`') quote = c;
      else if (src.startsWith('}}', k)) break;
    }
    if (k >= src.length) throw new TemplateError(`${file}:${lineOf(src, open)}: unclosed action`);
    let inner = src.slice(j, k);
    const rightTrim = /[ \t\r\n]-$/.test(inner);
    if (rightTrim) inner = inner.slice(0, -1);
    trimNext = rightTrim;
    const trimmed = inner.trim();
    if (!(trimmed.startsWith('/*') && trimmed.endsWith('*/'))) {
      out.push({ type: 'action', src: trimmed, line: lineOf(src, open) });
    }
    i = k + 2;
  }
  return out;
}

function lineOf(src: string, index: number): number {
  return src.slice(0, index).split('\n').length;
}

// ---------------------------------------------------------------- action lexing/parsing

type Tok =
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'bool'; v: boolean }
  | { t: 'nil' }
  | { t: 'field'; chain: string[] }
  | { t: 'var'; name: string; chain: string[] }
  | { t: 'ident'; v: string }
  | { t: 'op'; v: '(' | ')' | '|' | ',' | ':=' | '=' };

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;

function lex(src: string, where: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (rest.startsWith(':=')) {
      toks.push({ t: 'op', v: ':=' });
      i += 2;
      continue;
    }
    if ('()|,='.includes(c)) {
      toks.push({ t: 'op', v: c as '(' });
      i++;
      continue;
    }
    if (c === '"') {
      const m = /^"(?:[^"\\]|\\.)*"/.exec(rest);
      if (!m) throw new TemplateError(`${where}: unterminated string`);
      toks.push({ t: 'str', v: JSON.parse(m[0]) as string });
      i += m[0].length;
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      if (end < 0) throw new TemplateError(`${where}: unterminated raw string`);
      toks.push({ t: 'str', v: src.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    let m = /^-?\d+(\.\d+)?/.exec(rest);
    if (m) {
      toks.push({ t: 'num', v: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    m = /^\$[A-Za-z0-9_]*((?:\.[A-Za-z_][A-Za-z0-9_]*)*)/.exec(rest);
    if (m) {
      const name = m[0].slice(0, m[0].length - m[1].length);
      toks.push({ t: 'var', name, chain: m[1] ? m[1].slice(1).split('.') : [] });
      i += m[0].length;
      continue;
    }
    m = /^\.((?:[A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)*)?/.exec(rest);
    if (m) {
      toks.push({ t: 'field', chain: m[1] ? m[1].split('.') : [] });
      i += m[0].length;
      continue;
    }
    m = IDENT.exec(rest);
    if (m) {
      const v = m[0];
      if (v === 'true' || v === 'false') toks.push({ t: 'bool', v: v === 'true' });
      else if (v === 'nil') toks.push({ t: 'nil' });
      else toks.push({ t: 'ident', v });
      i += v.length;
      continue;
    }
    throw new TemplateError(`${where}: unexpected character ${JSON.stringify(c)} in action`);
  }
  return toks;
}

type Operand =
  | { t: 'lit'; v: unknown }
  | { t: 'field'; chain: string[] }
  | { t: 'var'; name: string; chain: string[] }
  | { t: 'ident'; v: string }
  | { t: 'pipe'; pipe: Pipeline };
type Command = Operand[];
interface Pipeline {
  decl?: { names: string[]; op: ':=' | '=' };
  cmds: Command[];
  where: string;
}

class TokStream {
  i = 0;
  constructor(
    readonly toks: Tok[],
    readonly where: string,
  ) {}
  peek(): Tok | undefined {
    return this.toks[this.i];
  }
  next(): Tok | undefined {
    return this.toks[this.i++];
  }
  isOp(v: string): boolean {
    const t = this.peek();
    return t?.t === 'op' && t.v === v;
  }
}

function parsePipeline(ts: TokStream, allowDecl: boolean): Pipeline {
  const pipe: Pipeline = { cmds: [], where: ts.where };
  if (allowDecl) {
    // $a := ..., $a = ..., $k, $v := ...
    const save = ts.i;
    const names: string[] = [];
    let ok = false;
    for (;;) {
      const t = ts.next();
      if (t?.t !== 'var' || t.chain.length) break;
      names.push(t.name);
      if (ts.isOp(',')) {
        ts.next();
        continue;
      }
      if (ts.isOp(':=') || ts.isOp('=')) {
        const op = (ts.next() as { v: ':=' | '=' }).v;
        pipe.decl = { names, op };
        ok = true;
      }
      break;
    }
    if (!ok) ts.i = save;
  }
  let cmd: Command = [];
  for (;;) {
    const t = ts.peek();
    if (!t || (t.t === 'op' && t.v === ')')) break;
    ts.next();
    if (t.t === 'op') {
      if (t.v === '|') {
        if (!cmd.length) throw new TemplateError(`${ts.where}: empty command in pipeline`);
        pipe.cmds.push(cmd);
        cmd = [];
        continue;
      }
      if (t.v === '(') {
        const inner = parsePipeline(ts, false);
        if (!ts.isOp(')')) throw new TemplateError(`${ts.where}: missing )`);
        ts.next();
        cmd.push({ t: 'pipe', pipe: inner });
        continue;
      }
      throw new TemplateError(`${ts.where}: unexpected ${t.v}`);
    }
    if (t.t === 'str' || t.t === 'num' || t.t === 'bool') cmd.push({ t: 'lit', v: t.v });
    else if (t.t === 'nil') cmd.push({ t: 'lit', v: null });
    else cmd.push(t);
  }
  if (cmd.length) pipe.cmds.push(cmd);
  if (!pipe.cmds.length) throw new TemplateError(`${ts.where}: missing value in action`);
  return pipe;
}

function parseWholePipeline(toks: Tok[], where: string, allowDecl = true): Pipeline {
  const ts = new TokStream(toks, where);
  const p = parsePipeline(ts, allowDecl);
  if (ts.peek()) throw new TemplateError(`${where}: unexpected tokens after pipeline`);
  return p;
}

// ---------------------------------------------------------------- tree

type Node =
  | { k: 'text'; text: string }
  | { k: 'out'; pipe: Pipeline }
  | { k: 'if'; branches: { cond: Pipeline; body: Node[] }[]; elseBody: Node[] }
  | { k: 'with'; pipe: Pipeline; body: Node[]; elseBody: Node[] }
  | { k: 'range'; pipe: Pipeline; body: Node[]; elseBody: Node[] }
  | { k: 'template'; name: string; pipe?: Pipeline };

const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue']);

export interface Parsed {
  nodes: Node[];
  defines: Map<string, Node[]>;
}

export function parse(src: string, file = '<template>'): Parsed {
  const segs = scan(src, file);
  const defines = new Map<string, Node[]>();
  let pos = 0;

  type Stop = { word: 'end' | 'else'; toks: Tok[]; where: string } | null;

  function parseList(inBlock: boolean): { nodes: Node[]; stop: Stop } {
    const nodes: Node[] = [];
    while (pos < segs.length) {
      const seg = segs[pos++];
      if (seg.type === 'text') {
        nodes.push({ k: 'text', text: seg.text });
        continue;
      }
      const where = `${file}:${seg.line}`;
      const toks = lex(seg.src, where);
      const head = toks[0];
      const word = head?.t === 'ident' && KEYWORDS.has(head.v) ? head.v : null;
      if (word === 'end' || word === 'else') {
        if (!inBlock) throw new TemplateError(`${where}: unexpected {{${word}}}`);
        return { nodes, stop: { word, toks: toks.slice(1), where } };
      }
      if (word === 'if') {
        const branches = [{ cond: parseWholePipeline(toks.slice(1), where), body: [] as Node[] }];
        let elseBody: Node[] = [];
        for (;;) {
          const r = parseList(true);
          branches[branches.length - 1].body = r.nodes;
          if (!r.stop) throw new TemplateError(`${where}: unclosed if`);
          if (r.stop.word === 'end') break;
          const rest = r.stop.toks;
          if (rest[0]?.t === 'ident' && rest[0].v === 'if') {
            branches.push({ cond: parseWholePipeline(rest.slice(1), r.stop.where), body: [] });
            continue;
          }
          if (rest.length) throw new TemplateError(`${r.stop.where}: unsupported else form`);
          const e = parseList(true);
          if (e.stop?.word !== 'end') throw new TemplateError(`${where}: if/else not closed by end`);
          elseBody = e.nodes;
          break;
        }
        nodes.push({ k: 'if', branches, elseBody });
        continue;
      }
      if (word === 'with' || word === 'range') {
        const pipe = parseWholePipeline(toks.slice(1), where);
        if (word === 'with' && pipe.decl) throw new TemplateError(`${where}: variables in with are not supported`);
        const r = parseList(true);
        if (!r.stop) throw new TemplateError(`${where}: unclosed ${word}`);
        let elseBody: Node[] = [];
        if (r.stop.word === 'else') {
          if (r.stop.toks.length) throw new TemplateError(`${r.stop.where}: unsupported else form`);
          const e = parseList(true);
          if (e.stop?.word !== 'end') throw new TemplateError(`${where}: ${word}/else not closed by end`);
          elseBody = e.nodes;
        }
        nodes.push({ k: word, pipe, body: r.nodes, elseBody });
        continue;
      }
      if (word === 'define') {
        if (inBlock) throw new TemplateError(`${where}: define inside a block`);
        const name = toks[1];
        if (name?.t !== 'str' || toks.length !== 2) throw new TemplateError(`${where}: define needs a name`);
        const r = parseList(true);
        if (r.stop?.word !== 'end' || r.stop.toks.length) throw new TemplateError(`${where}: define not closed by end`);
        defines.set(name.v, r.nodes);
        continue;
      }
      if (word === 'template') {
        const name = toks[1];
        if (name?.t !== 'str') throw new TemplateError(`${where}: template needs a name`);
        nodes.push({
          k: 'template',
          name: name.v,
          pipe: toks.length > 2 ? parseWholePipeline(toks.slice(2), where, false) : undefined,
        });
        continue;
      }
      if (word) throw new TemplateError(`${where}: {{${word}}} is not supported`);
      nodes.push({ k: 'out', pipe: parseWholePipeline(toks, where) });
    }
    return { nodes, stop: null };
  }

  const r = parseList(false);
  return { nodes: r.nodes, defines };
}

// ---------------------------------------------------------------- values

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Go's notion of an empty value (for if/with/default/empty). */
export function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isDict(v)) return Object.keys(v).length === 0;
  return false;
}

function toStr(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new TemplateError(`cannot convert ${JSON.stringify(v)} to a string`);
}

function printValue(v: unknown, where: string): string {
  if (v === undefined || v === null) throw new TemplateError(`${where}: printing a nil value`);
  if (typeof v === 'object')
    throw new TemplateError(`${where}: printing a ${Array.isArray(v) ? 'list' : 'map'}; use toYaml`);
  return String(v);
}

function sprintf(format: string, args: unknown[]): string {
  let n = 0;
  return format.replace(/%([%sdvqt])/g, (_m, verb: string) => {
    if (verb === '%') return '%';
    if (n >= args.length) return `%!${verb}(MISSING)`;
    const a = args[n++];
    if (verb === 'q') return JSON.stringify(toStr(a));
    if (verb === 'd') return String(Math.trunc(Number(a)));
    return typeof a === 'object' && a !== null ? JSON.stringify(a) : toStr(a);
  });
}

function compare(a: unknown, b: unknown, where: string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new TemplateError(`${where}: incompatible types for comparison`);
}

const indentText = (n: number, s: string) => {
  const pad = ' '.repeat(n);
  return pad + s.replace(/\n/g, `\n${pad}`);
};

type Fn = (args: unknown[], where: string) => unknown;

const FUNCS: Record<string, Fn> = {
  quote: (a) =>
    a
      .filter((x) => x !== null && x !== undefined)
      .map((x) => JSON.stringify(toStr(x)))
      .join(' '),
  squote: (a) =>
    a
      .filter((x) => x !== null && x !== undefined)
      .map((x) => `'${toStr(x)}'`)
      .join(' '),
  toString: ([v]: unknown[]) => (v === null || v === undefined ? '' : toStr(v)),
  toYaml: ([v]) => YAML.stringify(v ?? null, { lineWidth: 0, sortMapEntries: true }).replace(/\n$/, ''),
  toJson: ([v]) => JSON.stringify(v ?? null),
  indent: ([n, s]) => indentText(Number(n), toStr(s)),
  nindent: ([n, s]) => '\n' + indentText(Number(n), toStr(s)),
  trunc: ([n, s]) => {
    const str = toStr(s);
    const k = Number(n);
    return k >= 0 ? str.slice(0, k) : str.slice(str.length + k);
  },
  trimSuffix: ([suf, s]) =>
    toStr(s).endsWith(toStr(suf)) && toStr(suf) ? toStr(s).slice(0, -toStr(suf).length) : toStr(s),
  trimPrefix: ([pre, s]) => (toStr(s).startsWith(toStr(pre)) ? toStr(s).slice(toStr(pre).length) : toStr(s)),
  trim: ([s]) => toStr(s).trim(),
  replace: ([o, n, s]) => toStr(s).split(toStr(o)).join(toStr(n)),
  lower: ([s]) => toStr(s).toLowerCase(),
  upper: ([s]) => toStr(s).toUpperCase(),
  contains: ([sub, s]) => toStr(s).includes(toStr(sub)),
  hasPrefix: ([pre, s]) => toStr(s).startsWith(toStr(pre)),
  hasSuffix: ([suf, s]) => toStr(s).endsWith(toStr(suf)),
  printf: ([f, ...rest]) => sprintf(toStr(f), rest),
  print: (a) => a.map((x) => (typeof x === 'object' && x !== null ? JSON.stringify(x) : toStr(x))).join(''),
  default: (a) => {
    if (a.length < 1 || a.length > 2) throw new TemplateError('default takes 1 or 2 arguments');
    return a.length === 1 || isEmpty(a[1]) ? a[0] : a[1];
  },
  empty: ([v]) => isEmpty(v),
  coalesce: (a) => a.find((v) => !isEmpty(v)) ?? null,
  ternary: ([t, f, c]) => (c ? t : f),
  required: ([msg, v], where) => {
    if (v === null || v === undefined || v === '') throw new TemplateError(`${where}: ${toStr(msg)}`);
    return v;
  },
  fail: ([msg], where) => {
    throw new TemplateError(`${where}: ${toStr(msg)}`);
  },
  not: ([v]) => isEmpty(v),
  eq: ([a, ...bs]) => bs.some((b) => a === b),
  ne: ([a, b]) => a !== b,
  lt: ([a, b], w) => compare(a, b, w) < 0,
  le: ([a, b], w) => compare(a, b, w) <= 0,
  gt: ([a, b], w) => compare(a, b, w) > 0,
  ge: ([a, b], w) => compare(a, b, w) >= 0,
  len: ([v], where) => {
    if (typeof v === 'string' || Array.isArray(v)) return v.length;
    if (isDict(v)) return Object.keys(v).length;
    throw new TemplateError(`${where}: len of ${typeof v}`);
  },
  index: ([v, ...keys], where) => {
    let cur = v;
    for (const k of keys) {
      if (Array.isArray(cur)) cur = cur[Number(k)];
      else if (isDict(cur)) cur = cur[toStr(k)];
      else throw new TemplateError(`${where}: index of a non-collection`);
    }
    return cur ?? null;
  },
  dict: (a, where) => {
    if (a.length % 2) throw new TemplateError(`${where}: dict needs key/value pairs`);
    const d: Dict = {};
    for (let i = 0; i < a.length; i += 2) d[toStr(a[i])] = a[i + 1];
    return d;
  },
  list: (a) => [...a],
  hasKey: ([d, k]) => isDict(d) && Object.prototype.hasOwnProperty.call(d, toStr(k)),
  keys: (ds) => ds.flatMap((d) => (isDict(d) ? Object.keys(d) : [])).sort(),
  join: ([sep, l]) => (Array.isArray(l) ? l.map(toStr).join(toStr(sep)) : toStr(l)),
  int: ([v]) => Math.trunc(Number(v ?? 0)) || 0,
  int64: ([v]) => Math.trunc(Number(v ?? 0)) || 0,
  float64: ([v]) => Number(v ?? 0),
  add: (a) => a.reduce((s: number, x) => s + Number(x), 0),
  sub: ([a, b]) => Number(a) - Number(b),
  mul: (a) => a.reduce((s: number, x) => s * Number(x), 1),
  b64enc: ([s]) => Buffer.from(toStr(s)).toString('base64'),
  sha256sum: ([s]) => createHash('sha256').update(toStr(s)).digest('hex'),
};

export const SUPPORTED_FUNCTIONS = [...Object.keys(FUNCS), 'and', 'or', 'include'];

// ---------------------------------------------------------------- execution

interface Var {
  name: string;
  value: unknown;
}

export class Engine {
  private readonly defines = new Map<string, Node[]>();
  private readonly files = new Map<string, Node[]>();
  private depth = 0;

  /** Adds a file: its defines become global (as in Helm) and the file itself is a template named by its path. */
  addFile(name: string, src: string): void {
    const p = parse(src, name);
    for (const [k, v] of p.defines) this.defines.set(k, v);
    this.files.set(name, p.nodes);
  }

  render(name: string, data: unknown): string {
    const nodes = this.files.get(name) ?? this.defines.get(name);
    if (!nodes) throw new TemplateError(`no template named ${JSON.stringify(name)}`);
    if (++this.depth > 100) throw new TemplateError(`template recursion too deep at ${name}`);
    try {
      const vars: Var[] = [{ name: '$', value: data }];
      return this.exec(nodes, data, vars);
    } finally {
      this.depth--;
    }
  }

  private exec(nodes: Node[], dot: unknown, vars: Var[]): string {
    let out = '';
    for (const n of nodes) {
      switch (n.k) {
        case 'text':
          out += n.text;
          break;
        case 'out': {
          const v = this.evalPipeline(n.pipe, dot, vars);
          if (!n.pipe.decl) out += printValue(v, n.pipe.where);
          break;
        }
        case 'if': {
          const mark = vars.length;
          let done = false;
          for (const b of n.branches) {
            if (!isEmpty(this.evalPipeline(b.cond, dot, vars))) {
              out += this.exec(b.body, dot, vars);
              done = true;
              break;
            }
          }
          if (!done) out += this.exec(n.elseBody, dot, vars);
          vars.length = mark;
          break;
        }
        case 'with': {
          const mark = vars.length;
          const v = this.evalPipeline(n.pipe, dot, vars);
          out += isEmpty(v) ? this.exec(n.elseBody, dot, vars) : this.exec(n.body, v, vars);
          vars.length = mark;
          break;
        }
        case 'range': {
          const mark = vars.length;
          const { decl } = n.pipe;
          const v = this.evalPipeline({ ...n.pipe, decl: undefined }, dot, vars);
          const entries: [unknown, unknown][] = Array.isArray(v)
            ? v.map((x, i) => [i, x])
            : isDict(v)
              ? Object.keys(v)
                  .sort()
                  .map((k) => [k, v[k]])
              : v === null || v === undefined
                ? []
                : (() => {
                    throw new TemplateError(`${n.pipe.where}: range can't iterate over ${JSON.stringify(v)}`);
                  })();
          if (!entries.length) out += this.exec(n.elseBody, dot, vars);
          for (const [k, x] of entries) {
            const inner = vars.length;
            if (decl?.names.length === 1) vars.push({ name: decl.names[0], value: x });
            if (decl?.names.length === 2)
              vars.push({ name: decl.names[0], value: k }, { name: decl.names[1], value: x });
            out += this.exec(n.body, x, vars);
            vars.length = inner;
          }
          vars.length = mark;
          break;
        }
        case 'template':
          out += this.render(n.name, n.pipe ? this.evalPipeline(n.pipe, dot, vars) : null);
          break;
      }
    }
    return out;
  }

  private evalPipeline(p: Pipeline, dot: unknown, vars: Var[]): unknown {
    let val: unknown;
    let first = true;
    for (const cmd of p.cmds) {
      val = this.evalCommand(cmd, dot, vars, p.where, first ? undefined : { v: val });
      first = false;
    }
    if (p.decl) {
      if (p.decl.names.length !== 1) throw new TemplateError(`${p.where}: too many declarations`);
      const name = p.decl.names[0];
      if (p.decl.op === ':=') vars.push({ name, value: val });
      else {
        const slot = [...vars].reverse().find((x) => x.name === name);
        if (!slot) throw new TemplateError(`${p.where}: undefined variable ${name}`);
        slot.value = val;
      }
    }
    return val;
  }

  private evalCommand(cmd: Command, dot: unknown, vars: Var[], where: string, piped?: { v: unknown }): unknown {
    const [head, ...rest] = cmd;
    if (head.t === 'ident') {
      const name = head.v;
      const thunks = rest.map((op) => () => this.evalOperand(op, dot, vars, where));
      if (piped) thunks.push(() => piped.v);
      if (name === 'and' || name === 'or') {
        if (!thunks.length) throw new TemplateError(`${where}: ${name} needs arguments`);
        let last: unknown;
        for (const t of thunks) {
          last = t();
          if (name === 'and' ? isEmpty(last) : !isEmpty(last)) return last;
        }
        return last;
      }
      const args = thunks.map((t) => t());
      if (name === 'include') {
        if (args.length !== 2) throw new TemplateError(`${where}: include takes a name and a value`);
        return this.render(toStr(args[0]), args[1]);
      }
      const fn = FUNCS[name];
      if (!fn) throw new TemplateError(`${where}: function ${JSON.stringify(name)} not defined`);
      return fn(args, where);
    }
    if (rest.length || piped) throw new TemplateError(`${where}: can't give arguments to a non-function`);
    return this.evalOperand(head, dot, vars, where);
  }

  private evalOperand(op: Operand, dot: unknown, vars: Var[], where: string): unknown {
    switch (op.t) {
      case 'lit':
        return op.v;
      case 'field':
        return walk(dot, op.chain, where, '.');
      case 'var': {
        const slot = [...vars].reverse().find((x) => x.name === op.name);
        if (!slot) throw new TemplateError(`${where}: undefined variable ${op.name}`);
        return walk(slot.value, op.chain, where, op.name);
      }
      case 'pipe':
        return this.evalPipeline(op.pipe, dot, vars);
      case 'ident':
        return this.evalCommand([op], dot, vars, where);
    }
  }
}

/** Field access with missingkey=error. */
function walk(v: unknown, chain: string[], where: string, start: string): unknown {
  let cur = v;
  let path = start === '.' ? '' : start;
  for (const key of chain) {
    path += `.${key}`;
    if (cur === null || cur === undefined) throw new TemplateError(`${where}: nil pointer evaluating ${path}`);
    if (!isDict(cur)) throw new TemplateError(`${where}: can't evaluate field ${key} in ${path} (not a map)`);
    if (!Object.prototype.hasOwnProperty.call(cur, key))
      throw new TemplateError(`${where}: map has no entry for key "${key}" (${path})`);
    cur = cur[key];
  }
  return cur;
}
