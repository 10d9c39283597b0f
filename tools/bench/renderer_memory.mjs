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

// The renderers' PSS in MB (the page and its workers).
export function rendererMemoryMb(root = process.pid) {
  let total = 0;
  for (const pid of descendants(root)) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      total += Number(rollup.match(/^Pss:\s+(\d+) kB/m)[1]);
    } catch {
      // gone
    }
  }
  return Math.round(total / 1024);
}
