'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { checkMembers, checkModel, checkFloor } = require('./problem-members');

// The problems, discovered: every folder under examples/ whose index.js
// declares a problem (a `problem` name), each checked against the members
// below when it loads, so that a missing or ill-typed member is one error
// naming the problem and the member, not a failure deep inside a run. Nothing
// else lists the problems or their scenarios: each is derived from here.
// ASYNCMARK_PROBLEMS_DIRS (folders, separated as PATH is) adds roots searched
// after examples/, which is how a test adds a problem without copying it there.

/**
 * A problem folder, examples/<problem>/:
 *   index.js       the registry (Registry below); a folder whose index.js has
 *                  no `problem`, or that has no index.js, is not a problem
 *                  (examples/libraries holds libraries the examples share);
 *   model.js       optional: the problem's simulated I/O (Model below), for a
 *                  problem run against lib/fakes;
 *   scenarios/     one file per scenario (Scenario below), named after it;
 *   probe.js       optional: what the debuggability probe needs (Probe below);
 *   report.js      optional: the report's hooks for the problem (ReportHooks below;
 *                  reportHooks() gathers them for the entry points to hand to lib/report);
 *   one file per example, each exporting its factory.
 *
 * @typedef {object} Registry
 * @property {string} problem the folder's name
 * @property {string} driver the kind of measurement (lib/drivers/<driver>)
 * @property {string} reference the example the others are compared with, one of examples
 * @property {RegistryEntry[]} examples
 * @property {number} [order] where lists show the problem (lowest first; unnumbered ones last, by name)
 * @property {number} [fewestExamples] the fewest examples the registry test accepts
 * Any other member is the driver's (http-server's workloads and response).
 *
 * @typedef {object} RegistryEntry (lib/registry.js entryIn)
 * @property {string} name
 * @property {string} file its absolute path
 * @property {Function} load requires the example's factory
 * @property {string[]} libraries
 * Other fields (family, call, io, throws, onFailure, needs, context, ...) are the driver's.
 *
 * @typedef {object} Model what the batch child, the flavour builder
 *   (lib/fakes/flavours.js), the context check and conformance read
 * @property {string[]} FAILABLE the operations that can be made to fail, in the reference's order
 * @property {Function} path (branch) => string[]: the operations of one successful upload, in order
 * @property {Object<string, Object<string, OperationSpec>>} OPERATIONS the asynchronous methods, per class
 * @property {Object<string, Function>} BASES the node-callback classes, by name; each of OPERATIONS is one of them
 * @property {Function} createIO (engine, types, options) => the io an example receives
 * @property {Function} invocationArgs (i) => the arguments of the i-th upload of a batch
 * @property {Function} contextStore (k, args) => the async context's store of the k-th upload (from 1)
 * @property {Function} checkRun (engine, { n, p, failed }) => string[]: what is wrong with a batch; empty when nothing
 * @property {Object<string, Function>} [BARE] flavours with no engine behind them: (options) => { io, engine }
 * @property {string[]} [OPTIONS] the options of createIO the model reads itself (DoxBee's fileExists), beside the engine's
 * @property {Function} [database] () => { openBackend(options, model) }: the problem against a real database (bench --db)
 * Conformance (lib/conformance/), all or none; a model with them is verifiable:
 * @property {Array} CASE_ARGS the arguments of the one upload a case makes
 * @property {Array[]} VARIED_ARGS arguments of other shapes, each a case; together, the uploads made at once
 * @property {Function} uploadOf (event, argsList) => which upload (from 1) a traced call belongs to; 0 for none
 * @property {Function} renumberIds (uploads) => the uploads' events with ids renamed per upload
 * @property {Function} afterFailure (op, events) => the calls a style that catches a failure of op makes before its caller hears
 * @property {Function} uploadName (args) => what tells an upload apart, e.g. its path
 * @property {string} UPLOAD_NAMED_BY what uploadName gives, e.g. 'path': a case's name says "path notes.md"
 * @property {Function} [expectedResult] (args) => what the caller hears on success; without it, nothing (null or undefined)
 * @property {object[]} [BRANCHES] engine options per branch the cases cover (default one, [{}])
 * @property {Function} [describeBranch] (branch) => its name in a case's name, or null
 * @property {{ op: string, calls: number }} [CONCURRENT] the operation called several times at once
 * @property {string[]} [FIRE_AND_FORGET] operations a style starts and does not wait for
 * @property {{ commit: string, rollback: string, reads: string[] }} [CANCEL] the cancel case
 *   (lib/conformance/cancel.js): the caller gives up before start or while any operation is in
 *   flight; the transaction's ending operations, and the operations that write nothing
 *
 * @typedef {object} OperationSpec
 * @property {string} [op] the operation's name (a query names its own, this.op)
 * @property {Function} args (a, b) => what the trace shows of a call
 * @property {Function} value (a, b) => what the call delivers
 * @property {Function} owns (store, a, b) => whether an async context's store is the calling upload's
 *
 * @typedef {object} Scenario (examples/<problem>/scenarios/<name>.js)
 * @property {string} name the file's name
 * @property {string} problem the folder's problem
 * @property {string} driver the problem's driver
 * @property {string} description
 * @property {object} params the parameter grid (the driver's parameters)
 * @property {string[]} [fixed] parameters the command line may not change
 * @property {number} [order] where lists show it among its problem's (lowest first)
 * @property {object} [childOptions] what the driver's child takes as it is, besides the params (the
 *   batch child's engine options: fileExists, DoxBee's branch); not in the results line
 * @property {string[]} [usage] bench --help's examples of it: each line the options it is run with
 * @property {{ params: object }} [counted] the cell where the whole grid (bench --all, no other option) counts the
 *   CPU work of each family's first example beside the times, where valgrind is present
 * @property {{ params: object }} [main] the one cell the main job (bench, no options) runs, its runs
 *   spent where they separate the examples from the baseline (bench/main-job.js); bench --all runs params'
 *   whole grid
 * @property {{ params: object }} [againstDatabase] the parameters that replace params' under a real
 *   database (bench --db pglite, postgres or a URL), where a run costs seconds: its default grid there
 * @property {{ scenario: string, example: string }} [floor] the work every example of it pays whatever
 *   its style: an example of another scenario of the same driver, whose parameters are all this one's
 *   too (checked once every problem is found). bench --measure instructions|both counts it beside the
 *   examples, at their parameters, and the counted table shows each ratio to the baseline above it
 *
 * @typedef {object} ReportHooks (examples/<problem>/report.js: what the report shows of it beyond its tables)
 * @property {string} [headline] the scenario whose tables lead the report and feed its summary table
 * @property {{ timeScenario: string, ioScenario: string }} [article2013] the scenarios set beside the
 *   2013 article's tables (lib/article-2013.json)
 * @property {{ scenario: string, callback: string, promise: string, asyncAwait: string, cell?: object,
 *   cellWhy?: string, measured2018?: boolean }} [styles2018] the examples set beside the 2018 table
 *   (lib/published-2018.json), the scenario that runs them, and the cell preferred
 * @property {Array<{ family: string, example: string }>} [families] the style families the README's
 *   table shows at the headline cell (npm run docs), each as the example that stands for it
 *
 * @typedef {object} Probe (examples/<problem>/probe.js)
 * @property {string} op the operation made to fail
 * @property {object} options engine options of the run
 * @property {Array} args the arguments of the one upload started
 * @property {Object<string, { object: string, method: string, then: string }>} callSites how each operation is written
 *
 * @typedef {object} Problem
 * @property {string} name
 * @property {string} dir
 * @property {Registry} registry
 * @property {Model | null} model
 * @property {Scenario[]} scenarios
 * @property {Probe | null} probe
 * @property {ReportHooks | null} report
 */

const EXAMPLES = path.join(__dirname, '..', 'examples');

function roots() {
  const extra = (process.env.ASYNCMARK_PROBLEMS_DIRS ?? '').split(path.delimiter).filter(Boolean);
  return [EXAMPLES, ...extra.map((dir) => path.resolve(dir))];
}

function requireIfThere(file) {
  return fs.existsSync(file) ? require(file) : null;
}

// One folder's problem, checked; null when the folder is not a problem.
function loadProblem(dir) {
  const index = path.join(dir, 'index.js');
  if (!fs.existsSync(index)) return null;
  const registry = require(index);
  if (registry?.problem === undefined) return null;
  const name = path.basename(dir);
  const where = path.relative(path.join(__dirname, '..'), dir);
  checkMembers(where, registry, 'registry', name);
  const model = requireIfThere(path.join(dir, 'model.js'));
  if (model) checkModel(where, model);
  const scenarioDir = path.join(dir, 'scenarios');
  const files = fs.existsSync(scenarioDir) ? fs.readdirSync(scenarioDir).filter((file) => file.endsWith('.js')) : [];
  const scenarios = files.map((file) => {
    const scenario = require(path.join(scenarioDir, file));
    checkMembers(`${where}/scenarios/${file}`, scenario, 'scenario', { name: path.basename(file, '.js'), problem: name, driver: registry.driver });
    return scenario;
  });
  const probe = requireIfThere(path.join(dir, 'probe.js'));
  if (probe) checkMembers(`${where}/probe.js`, probe, 'probe');
  const report = requireIfThere(path.join(dir, 'report.js'));
  if (report) checkMembers(`${where}/report.js`, report, 'report');
  return { name, dir, registry, model, scenarios: scenarios.sort(byOrder), probe, report };
}

function byOrder(a, b) {
  const order = (x) => x.order ?? Infinity;
  return order(a) - order(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

let discovered = null;

/** @returns {Problem[]} every problem, in the order lists show them */
function problems() {
  if (discovered) return discovered;
  const found = [];
  for (const root of roots()) {
    const dirs = fs.readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const entry of dirs) {
      const problem = loadProblem(path.join(root, entry.name));
      if (!problem) continue;
      if (found.some((other) => other.name === problem.name))
        throw new Error(`${problem.dir}: problem ${problem.name} is already in ${found.find((o) => o.name === problem.name).dir}`);
      found.push(problem);
    }
  }
  checkFloors(found);
  discovered = found.sort((a, b) => byOrder({ name: a.name, order: a.registry.order }, { name: b.name, order: b.registry.order }));
  return discovered;
}

// Each scenario's floor names another scenario, perhaps of another problem:
// checked once every problem is found.
function checkFloors(found) {
  const all = Object.fromEntries(found.flatMap((p) => p.scenarios.map((s) => [s.name, s])));
  const registries = Object.fromEntries(found.map((p) => [p.name, p.registry]));
  for (const problem of found) {
    const where = path.relative(path.join(__dirname, '..'), problem.dir);
    for (const scenario of problem.scenarios.filter((s) => s.floor !== undefined))
      checkFloor(`${where}/scenarios/${scenario.name}.js`, scenario, all, registries);
  }
}

/** @returns {Problem} the problem of that name; a RangeError names those there are */
function problemNamed(name) {
  const problem = problems().find((p) => p.name === name);
  if (!problem)
    throw new RangeError(
      `problem must be one of ${problems()
        .map((p) => p.name)
        .join(', ')}; got ${name}`,
    );
  return problem;
}

/** @returns {Object<string, Scenario>} every scenario by name, problem by problem */
function scenarios() {
  return Object.fromEntries(problems().flatMap((p) => p.scenarios.map((s) => [s.name, s])));
}

/**
 * The floor each scenario declares, by the declaring scenario's name, for the
 * entry points to hand to lib/summary.js and lib/report, which discover none.
 * @returns {Object<string, { scenario: string, example: string }>}
 */
function floors() {
  return Object.fromEntries(
    Object.values(scenarios())
      .filter((scenario) => scenario.floor)
      .map((scenario) => [scenario.name, { scenario: scenario.floor.scenario, example: scenario.floor.example }]),
  );
}

/**
 * What the report shows of each problem beyond its tables, for the entry points
 * to hand to lib/report, which discovers no problem itself.
 * @returns {Array<{ problem: string } & ReportHooks>} the report hooks of every problem that has
 *   a report.js, in the problems' order, each with its problem's name
 */
function reportHooks() {
  return problems()
    .filter((problem) => problem.report)
    .map((problem) => ({ problem: problem.name, ...problem.report }));
}

module.exports = { problems, problemNamed, scenarios, floors, reportHooks };
