// The memory of the Chromium tabs this script started: the proportional set
// size (PSS, /proc/PID/smaps_rollup) of its renderer processes, which hold the
// page, its workers and their wasm memories. Linux only; PSS counts only the
// pages touched, so a large reserved wasm memory costs what it uses.
import fs from 'node:fs';

// Processes started (directly or not) by this script: its Chromium only, not
// another browser on the machine.
function descendants(root) {
  const children = new Map();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(pid));
    } catch {
      // gone
    }
  }
  const found = [];
  const stack = [root];
  while (stack.length) {
    for (const child of children.get(stack.pop()) ?? []) {
      found.push(child);
      stack.push(child);
    }
  }
  return found;
}

// A process's PSS, and its private memory (private pages resident or swapped:
// what Chrome's task manager calls its memory footprint), in MB. Private
// memory does not change when other Chromiums on the machine share the
// binary's pages; PSS does.
function memoryMb(pid) {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field) => Number(rollup.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return { pss: kb('Pss') / 1024, private: (kb('Private_Clean') + kb('Private_Dirty') + kb('Swap')) / 1024 };
}

// This script's Chromium renderers: [{pid, mb (PSS), privateMb, ui}], ui for
// the browser's own interface (--top-chrome-webui: headless Chromium starts
// one; it belongs to no tab).
export function renderers(root = process.pid) {
  const found = [];
  for (const pid of descendants(root)) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('--type=renderer')) continue;
      const mb = memoryMb(pid);
      found.push({ pid, mb: mb.pss, privateMb: mb.private, ui: cmdline.includes('--top-chrome-webui') });
    } catch {
      // gone
    }
  }
  return found;
}

// The renderers' PSS in MB (the page and its workers), all of them: the
// browser's interface and any spare renderer included.
export function rendererMemoryMb(root = process.pid) {
  return Math.round(renderers(root).reduce((s, r) => s + r.mb, 0));
}

// The tab's memory: the private memory (tabMb) and PSS of the largest
// renderer that is not the browser's interface. A page's workers run in its
// renderer, so with one page open that renderer holds the page, its workers
// and their wasm memories; the others (the interface, a spare renderer) are
// counted apart, by PSS.
export function tabMemory(root = process.pid) {
  const all = renderers(root);
  const pages = all.filter((r) => !r.ui).sort((a, b) => b.privateMb - a.privateMb);
  const sum = (list) => Math.round(list.reduce((s, r) => s + r.mb, 0));
  return {
    tabMb: Math.round(pages[0]?.privateMb ?? 0),
    tabPssMb: Math.round(pages[0]?.mb ?? 0),
    otherRenderersMb: sum(pages.slice(1)),
    browserUiMb: sum(all.filter((r) => r.ui)),
  };
}

// The CPU time (user + system, ms) the tab's renderer (as tabMemory picks it)
// has used so far: 10 ms steps (the kernel's clock ticks, 100 a second here).
export function tabCpuMs(root = process.pid) {
  const all = renderers(root).filter((r) => !r.ui);
  const tab = all.sort((a, b) => b.privateMb - a.privateMb)[0];
  if (!tab) return 0;
  const stat = fs.readFileSync(`/proc/${tab.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
