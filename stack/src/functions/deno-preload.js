// Loaded by Deno before a function's index.ts (`deno run --preload`), as Supabase's edge runtime
// wraps a function: the function's Deno.serve(handler) listens on the Unix socket the stack names
// (Deno.args[0]) instead of a TCP port, so only the stack's gateway can reach it, and the process
// exits when the stack's end of its stdin closes, so a killed stack leaves no Deno behind.
// Plain JavaScript: the stack's TypeScript project knows Node's globals, not Deno's.
const socketPath = Deno.args[0];
const serve = Deno.serve;
let serving = false;

async function exitWhenStdinCloses() {
  const buffer = new Uint8Array(256);
  while ((await Deno.stdin.read(buffer)) !== null) {
    // The stack never writes; this only waits for the end of the pipe.
  }
  Deno.exit(0);
}

Deno.serve = (first, second) => {
  if (serving) throw new Error('A function may call Deno.serve once.');
  serving = true;
  const options = typeof first === 'function' ? {} : first;
  const handler = typeof first === 'function' ? first : (second ?? first.handler);
  // Started here, not at load: Deno runs the main module only once a preload's pending work is done.
  void exitWhenStdinCloses();
  return serve(
    {
      path: socketPath,
      onError: options.onError,
      onListen: () => console.log('factoryflow-function-ready'),
    },
    handler,
  );
};
