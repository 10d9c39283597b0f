// The panel's look: the original game's palette, the system font stack.
export const OVERLAY_CSS = `
:host { all: initial; }
.panel {
  box-sizing: border-box; width: 300px; padding: 10px 12px;
  font: 13px/1.4 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif;
  color: #776e65; background: #faf8ef; border: 2px solid #bbada0; border-radius: 8px;
  box-shadow: 0 4px 18px rgba(0, 0, 0, 0.25);
}
.panel.flash { animation: flash 0.6s ease-in-out 2; }
@keyframes flash { 50% { box-shadow: 0 0 0 4px #edc22e; } }
header { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; }
header strong { font-size: 15px; color: #776e65; }
.mode { flex: 1; font-size: 11px; color: #9c8f84; }
button, select {
  font: inherit; color: inherit; border-radius: 4px; border: 1px solid #bbada0;
  background: #fff; padding: 3px 6px; cursor: pointer;
}
button:disabled, select:disabled, input:disabled { cursor: default; opacity: 0.5; }
button.primary { background: #8f7a66; color: #f9f6f2; border-color: #8f7a66; font-weight: bold; min-width: 56px; }
button.close { border: none; background: none; font-size: 18px; line-height: 1; padding: 0 4px; }
.controls { display: grid; grid-template-columns: auto 1fr 1fr; align-items: end; gap: 8px; }
.controls label { display: flex; flex-direction: column; font-size: 11px; }
.controls select { width: 100%; }
.check { display: flex; align-items: center; gap: 6px; margin-top: 6px; }
p { margin: 6px 0 0; }
.status { font-weight: bold; }
.stats { font-variant-numeric: tabular-nums; }
.evaluation { font-size: 11px; display: flex; align-items: center; gap: 8px; }
.evaluation [data-kind="error"] { color: #f65e3b; }
.bar { flex: 1; height: 4px; border-radius: 2px; background: #eee4da; overflow: hidden; }
.bar[hidden] { display: none; }
.fill { display: block; height: 100%; width: 0; background: #8f7a66; transition: width 0.2s; }
.message:empty { display: none; }
.message { padding: 6px 8px; border-radius: 4px; background: #eee4da; }
.message[data-kind="error"] { background: #f65e3b; color: #f9f6f2; }
.message[data-kind="done"] { background: #edc22e; color: #f9f6f2; }
`;
