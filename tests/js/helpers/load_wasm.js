// Moved to tools/harness/load_wasm.js, which the tests and the tools share. This
// forwarder keeps tests written against the old path working while they are
// in flight; import from tools/harness/ instead, and remove it once none uses it.
export * from '../../../tools/harness/load_wasm.js';
