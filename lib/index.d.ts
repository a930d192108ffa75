// Types of the public API (lib/index.js), written by hand. test/package/
// checks them against the runtime: the exported names, the flavour names and
// every registry entry's fields.

/**
 * An I/O flavour built on the engine: the calling convention of every asynchronous method of the simulated I/O (lib/fakes/flavours.js NAMES).
 * Node callbacks (callbacks); node callbacks that take, after the callback, the object to call it on (callbacks-ctx);
 * native promises with no wrapping (native); util.promisify (promises); the libraries' own wrappers of node callbacks:
 * bluebird's promisify, Q's denodeify, when/node's lift, thunkify, RxJS's bindNodeCallback (bluebird, q, when, thunks,
 * observables); an Effect made with Effect.callback (effect); an Effection operation made with action (effection).
 */
export type Flavour = 'callbacks' | 'callbacks-ctx' | 'native' | 'promises' | 'bluebird' | 'q' | 'when' | 'thunks' | 'observables' | 'effect' | 'effection';

/** A flavour with no engine behind it, for the instrument problem only: the minimal fake, or bare timers. */
export type BareFlavour = 'minimal' | 'timers';

/** How long a simulated operation takes: constant t ms, t = in-flight × dt, seeded jitter around t, or the next turn of the event loop. */
export type LatencyModel = 'constant' | 'load' | 'jitter' | 'tick';

/** How an injected failure arrives: an error passed to the callback (a rejection), a synchronous throw, or a throw inside the timer. */
export type FaultMode = 'callback' | 'sync' | 'timer';

/** Where an injected error is created: in the raw timer callback, or in an async continuation. */
export type Placement = 'timer' | 'continuation';

/** Stepped delivery: which held completion engine.release() delivers next. */
export type Order = 'issue' | 'reverse' | 'shuffle';

/** The problems whose examples run against the simulated I/O: those asyncmark ships, or any other whose folder has a model (examples/<problem>/model.js). */
export type IOProblem = 'doxbee' | 'parallel' | 'instrument' | (string & {});

/** A failure at a named operation, on every call of it or only on its index-th (1-based). */
export interface Fault {
  /** The operation that fails, one of the problem's failable operations. */
  op: string;
  /** How the failure arrives. */
  mode: FaultMode;
  /** Required unless mode is 'sync'. */
  placement?: Placement;
  /** Fail only the index-th call (1-based); absent: every call. */
  index?: number;
}

/** The engine's options (lib/fakes/engine.js). */
export interface EngineOptions {
  /** How long an operation takes; default 'constant'. */
  latency?: LatencyModel;
  /** Milliseconds per operation (constant, jitter); default 1. */
  t?: number;
  /** Milliseconds per operation in flight (load); default 0.1. */
  dt?: number;
  /** Relative spread of the jitter model; default 0.5. */
  jitter?: number;
  /** Seed of every random decision; default 1. */
  seed?: number;
  /** DoxBee's branch (a model's option, read by its model): whether the file lookup finds a file; default false. */
  fileExists?: boolean;
  /** One failure at a named operation; default none. */
  fault?: Fault | null;
  /** Likelihood that any call fails (seeded); default 0. */
  e?: number;
  /** Fault mode of the failures drawn with e. */
  mode?: FaultMode;
  /** Where the failures drawn with e are created. */
  placement?: Placement;
  /** Record a trace; default true. */
  trace?: boolean;
  /** The operations that may fail. */
  operations?: readonly string[];
  /** Stepped delivery: every completion held until release() delivers it, in this order; default null, each delivered when its latency is over. */
  order?: Order | null;
  /** Read the upload's async context (uploadContext) at every operation and record whether it survived. */
  context?: boolean;
}

/** createIO's options: the engine's (the problem names the operations), and p, the parallel problem's number of queries. */
export interface IOOptions extends Omit<EngineOptions, 'operations'> {
  /** The parallel problem's number of queries an upload makes at once. */
  p?: number;
}

/** One entry of an engine's trace: a call, a synchronous throw, or a completion with its value or error message. */
export type TraceEvent =
  | { type: 'call'; op: string; args: Record<string, unknown> }
  | { type: 'throw'; op: string; error: string }
  | { type: 'complete'; op: string; value: unknown }
  | { type: 'complete'; op: string; error: string };

/** What every I/O counts, engine or not: enough to verify a run. */
export interface Counter {
  /** Ids handed out ('blob', 'tx') and calls per operation ('op:<name>'). */
  readonly counts: Record<string, number>;
  /** How many failures it injected. */
  readonly failures: number;
  /** Resolves once no scheduled callback is left. */
  idle(): Promise<void>;
}

/** The one engine behind every flavour: schedules, fails and traces every simulated operation. */
export class Engine implements Counter {
  /** An engine with these options; only the operations of options.operations can be made to fail. */
  constructor(options?: EngineOptions);
  /** Ids handed out ('blob', 'tx') and calls per operation ('op:<name>'). */
  readonly counts: Record<string, number>;
  /** How many failures it injected. */
  readonly failures: number;
  /** Every call and completion, in order (when tracing). */
  readonly trace: TraceEvent[];
  /** Every error the engine made, in order (when tracing). */
  readonly injected: InjectedError[];
  /** The options it was made with, from which a model reads its branch (DoxBee's fileExists). */
  readonly options: EngineOptions;
  /** The seed of its random decisions. */
  readonly seed: number;
  /** Resolves once no scheduled callback is left. */
  idle(): Promise<void>;
  /** With an order: delivers one held completion on the next turn; false when none is held. */
  release(): boolean;
}

/** The error of an injected failure. */
export class InjectedError extends Error {
  /** The error of op's failure; its message says '<op> failed (injected <mode> fault)'. */
  constructor(op: string, mode: FaultMode, placement: Placement | 'call');
  /** Tells an injected error from any other. */
  readonly code: 'EINJECTED';
  /** The operation that failed. */
  readonly op: string;
  /** How the failure arrived. */
  readonly mode: FaultMode;
  /** 'call' for a synchronous throw. */
  readonly placement: Placement | 'call';
}

/** The simulated I/O an example is given: the objects it talks to, whose methods follow the flavour's convention. */
export type IO = { readonly [name: string]: any };

/**
 * Creates the simulated I/O of a problem in one flavour.
 * @param flavour the calling convention of its methods
 * @param options latency, faults, tracing
 * @param problem whose model to build; default 'doxbee'
 * @throws RangeError for a value out of its range, TypeError for a value of the wrong type or an option it does not take; the message is the one asyncmark bench prints for that parameter
 */
export function createIO(flavour: Flavour, options?: IOOptions, problem?: IOProblem): { io: IO; engine: Engine };
/** A bare flavour (the instrument problem only): engine is what it counts. */
export function createIO(flavour: BareFlavour, options: IOOptions | undefined, problem: 'instrument'): { io: IO; engine: Counter };

/** How the runner calls an example. */
export type Convention = 'callback' | 'promise' | 'observable';

/**
 * Calls an example by its convention and reports in node style.
 * @param fn the example's function
 * @param args its arguments, without a callback
 * @param callback called with (error) or (null, value); more than once if the example misbehaves
 * @throws what fn throws synchronously
 */
export function invoke(
  convention: Convention,
  fn: (...args: any[]) => any,
  args: readonly unknown[],
  callback: (error: unknown, value?: unknown) => void,
): void;

/** The style families of the DoxBee-like problems, in the order reports list them. */
export type Family = 'callbacks' | 'generators' | 'promises' | 'async-await' | 'observables';

/** What every registry entry has. */
export interface EntryBase {
  /** The example's name, unique in its registry. */
  name: string;
  /** The example's file, an absolute path. */
  file: string;
  /** The libraries the example demonstrates. */
  libraries: string[];
  /** Why the example cannot run here (its library cannot be installed); load() then throws that. */
  unavailable?: string;
  /** Requires the example's file. */
  load(): unknown;
}

/** An example run against the simulated I/O (doxbee, parallel, instrument). */
export interface BatchEntry extends EntryBase {
  /** Its style family. */
  family: Family;
  /** How it answers its caller (invoke's convention). */
  call: Convention;
  /** The flavour of the I/O it is given. */
  io: Flavour | BareFlavour;
  /** What it does with a synchronous throw from the I/O: turns it into its failure, or lets it escape. */
  throws: 'caught' | 'escapes';
  /** parallel: on one failed insert, tell the caller at once, or only once every insert has completed. */
  onFailure?: 'fail-fast' | 'wait-all';
  /** Whether each upload's async context reaches every operation ('kept'), or the first operation that read none or another upload's, measured on the default Node. */
  context?: 'kept' | `lost at ${string}`;
  /** How its caller may give up: { signal } (an AbortSignal) last or before its callback, unsubscribing, or halting the task it returns (Effection's run()); absent: no means to cancel. */
  cancel?: 'signal' | 'unsubscribe' | 'halt';
  /** With cancel: what it does by the cancel contract (lib/conformance/cancel-contract.js), 'keeps the contract' or its worst breach. */
  onCancel?: string;
  /** A cancellable variant: the plain example of its registry it was made from. */
  variantOf?: string;
  /** A syntax not every runtime parses or runs: a runtime without it shows the example UNSUPPORTED with the reason. */
  needs?: 'await using' | 'using';
  /** A generated row: which example it was compiled from, by which compiler, to which target (npm run build:transpiled). */
  transpiled?: Transpiled;
  load(): BatchExample;
}

/** What a caller passes to give up mid-upload (an AbortSignal has both). */
export interface SignalLike {
  /** Whether the caller has given up. */
  readonly aborted: boolean;
  /** Why, once it has. */
  readonly reason?: unknown;
}

/**
 * An upload (doxbee, parallel, instrument): stores a stream as a new version of
 * the file idOrPath names, tagged. Its entry's `call` says how it answers:
 * through a node-style callback given last ('callback'), or by returning a
 * promise ('promise') or an observable ('observable'); an entry with
 * `cancel: 'signal'` takes { signal } last.
 */
export type Upload = (stream: unknown, idOrPath: string, tag: string, last?: ((error: unknown, value?: unknown) => void) | { signal?: SignalLike }) => any;

/** The module of every batch example (asyncmark/examples/doxbee/async-await, ...): given the I/O, the upload. */
export type BatchExample = (io: IO) => Upload;

/** What a transpiled example was compiled from and how. */
export interface Transpiled {
  /** The name of the example it was compiled from. */
  from: string;
  /** The compiler and its version, e.g. 'tsc 7.0.2'. */
  compiler: string;
  /** The compiler's target, e.g. 'es2016'. */
  target: string;
  /** The path of the file it was compiled from. */
  source: string;
}

/** What else runs on the calling thread before a recursion's caller hears back. */
export type Lets = 'nothing' | 'ticks' | 'microtasks' | 'event-loop';

/** An async-recursion example (fib). */
export interface FibEntry extends EntryBase {
  /** How the recursion is written (not the DoxBee style families). */
  family: 'sync' | 'async';
  /** Whether fib(n) returns the number or a promise of it. */
  call: 'sync' | 'promise';
  /** Where it computes: the calling thread, one Worker per call, or a piscina pool. */
  where: 'main' | 'worker' | 'pool';
  /** What else runs on the calling thread before its caller hears back. */
  lets: Lets;
  load(): FibExample;
}

/** The module of every fib example: given its options, it returns fib(n), a number or a promise of one by its entry's `call`. */
export type FibExample = (options?: Record<string, unknown>) => (n: number) => number | Promise<number>;

/** A time-slicing example (slicing). */
export interface SlicingEntry extends EntryBase {
  /** How the recursion is written (not the DoxBee style families). */
  family: 'sync' | 'async';
  /** Whether fib returns its result, calls back with it, or returns a promise of it. */
  call: 'sync' | 'callback' | 'promise';
  /** Whether it defers its calls at all. */
  yields: boolean;
  /** What else runs on the calling thread before its caller hears back. */
  lets: Lets;
  load(): SlicingExample;
}

/** The module of every slicing example: given its options, it returns fib, called by its entry's `call`. */
export type SlicingExample = (options?: Record<string, unknown>) => (...args: any[]) => any;

/** The work every request of the HTTP server problem does. */
export type Workload = 'read' | 'compute' | 'wait';

/** An HTTP server example (http-server). */
export interface HttpServerEntry extends EntryBase {
  /** How the work is written: 'sync' blocks the thread that runs it. */
  family: 'sync' | 'async';
  /** What serves the requests: the one thread of the calling process, node:cluster processes on one port, or a pool of worker threads. */
  where: 'process' | 'cluster' | 'pool';
  load(): HttpServerExample;
}

/** The module of every http-server example: serve(options), binding only host, resolving once it listens. */
export type HttpServerExample = (options?: {
  host?: string;
  port?: number;
  workload?: Workload;
  bytes?: number;
  fibN?: number;
  t?: number;
  workers?: number;
  fib?: (n: number, done: (error: Error | null, value?: number) => void) => void;
}) => Promise<{ port: number; close(): Promise<void> }>;

/** An HTTP client example (http-client). */
export interface HttpClientEntry extends EntryBase {
  /** Its style family, as the DoxBee examples'. */
  family: Family;
  /** Whether load calls back or returns a promise. */
  call: 'callback' | 'promise';
  load(): HttpClientExample;
}

/** The module of every http-client example: load(options), issuing `requests` GETs, `concurrency` at a time, called by its entry's `call`. */
export type HttpClientExample = (
  options: { url: string; requests: number; concurrency?: number; keepAlive?: boolean },
  done?: (error: unknown, result?: { responses: number; bytes: number }) => void,
) => any;

/**
 * The name of a kind of measurement: a folder of lib/drivers (batch, compute,
 * http-load, ...), found when asyncmark loads, so a new driver needs no edit here.
 */
export type Driver = string;

/** A problem's registry (examples/<problem>/index.js). */
export interface Registry<P extends string, D extends Driver, E extends EntryBase> {
  /** The problem's name, its folder's. */
  problem: P;
  /** The driver that measures its examples. */
  driver: D;
  /** The example the others are compared with. */
  reference: string;
  /** Its examples' entries, in the order lists show them. */
  examples: E[];
  /** Where lists show the problem: lowest first, unnumbered ones last by name. */
  order?: number;
  /** The fewest examples the registry test accepts. */
  fewestExamples?: number;
}

/** The http-server problem's registry, which also says what its server must answer. */
export interface HttpServerRegistry extends Registry<'http-server', 'http-load', HttpServerEntry> {
  /** The work a request may do. */
  workloads: Workload[];
  /** What every answer's body must be: its length in bytes, and its text (null for 'read'). */
  response(options?: { workload?: Workload; bytes?: number; fibN?: number }): { bytes: number; text: string | null };
}

/** The registries of the problems asyncmark ships, with their entry types. */
export interface ShippedProblems {
  doxbee: Registry<'doxbee', 'batch', BatchEntry>;
  parallel: Registry<'parallel', 'batch', BatchEntry>;
  instrument: Registry<'instrument', 'batch', BatchEntry>;
  fib: Registry<'fib', 'compute', FibEntry>;
  slicing: Registry<'slicing', 'compute', SlicingEntry>;
  'http-server': HttpServerRegistry;
  'http-client': Registry<'http-client', 'http-load', HttpClientEntry>;
}

/**
 * Every problem's registry, by problem name (examples/index.js): those
 * asyncmark ships, and any other discovered beside them (lib/problems.js),
 * typed by what every registry has.
 */
export type Problems = ShippedProblems & { [problem: string]: Registry<string, Driver, EntryBase> };

/** A problem's name: one asyncmark ships, or any other discovered. */
export type ProblemName = keyof Problems;

/** The registry entry type of a problem's examples. */
export type EntryOf<P extends ProblemName> = Problems[P]['examples'][number];

/** Every problem's registry, by name (asyncmark/examples). */
export const problems: Problems;

/**
 * The registry entry of one example, e.g. example('doxbee', 'async-await').
 * @throws RangeError naming the problems or the examples allowed
 */
export function example<P extends ProblemName>(problem: P, name: string): EntryOf<P>;

/** What a problem model (examples/<problem>/model.js; lib/problems.js lists every member) offers besides its I/O. */
export interface ProblemModel {
  /** The operations that can be made to fail, in the reference's order. */
  FAILABLE: readonly string[];
  /** The operations of one successful upload in a branch (engine options such as DoxBee's fileExists), in order. */
  path(branch: { [option: string]: unknown }): string[];
  /** The arguments of the i-th upload of a batch. */
  invocationArgs(i: number): unknown[];
  /** What is wrong with a batch of n uploads of which `failed` failed; empty when nothing is. */
  checkRun(engine: Counter, batch: { n: number; p?: number; failed: number }): string[];
}

/** The model of each problem run against the simulated I/O. */
export const MODELS_BY_PROBLEM: Readonly<Record<string, ProblemModel>>;

/** Every flavour createIO accepts, the bare ones last. */
export const FLAVOURS: readonly (Flavour | BareFlavour)[];
/** The latency models of the engine's latency option. */
export const LATENCY_MODELS: readonly LatencyModel[];
/** The modes of an injected failure. */
export const FAULT_MODES: readonly FaultMode[];
/** Where an injected error may be created. */
export const PLACEMENTS: readonly Placement[];
/** The orders of stepped delivery. */
export const ORDERS: readonly Order[];

/** Whether the batch driver runs each upload inside an AsyncLocalStorage context of its own ('als') or not ('none'). */
export type ContextMode = 'none' | 'als';
/** The context modes of the batch driver (bench --context). */
export const CONTEXTS: readonly ContextMode[];

/** What each upload's store holds when it runs with context: which upload it is, and its path. */
export interface UploadStore {
  /** The upload's number in its batch, from 1. */
  upload: number;
  /** The path it uploads to. */
  path?: string;
  [key: string]: unknown;
}

/**
 * What asyncmark's users call of an AsyncLocalStorage (node:async_hooks),
 * declared here so that these declarations need no @types/node.
 */
export interface UploadContext {
  /** Runs callback with store as the context of everything it starts; returns what callback returns. */
  run<R, A extends unknown[]>(store: UploadStore, callback: (...args: A) => R, ...args: A): R;
  /** The store of the context the caller runs in, or undefined outside every run. */
  getStore(): UploadStore | undefined;
}

/** The one AsyncLocalStorage of the process, as an APM agent has one: run an upload inside uploadContext.run(store, ...) and an engine made with `context: true` reads it at every operation. */
export const uploadContext: UploadContext;
