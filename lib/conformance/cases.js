'use strict';

// The cases of a problem's conformance suite (lib/conformance/index.js), made
// from its model: which uploads, branches, faults and delivery orders a case
// runs, and its name.

/**
 * The cases of a problem: success, and every failure of every operation, in
 * every branch the model declares (model.BRANCHES: engine options per branch).
 */
function cases(model, { modes = ['callback', 'sync', 'timer'], placements = ['timer', 'continuation'] } = {}) {
  const list = [];
  // A model that declares no branches has one, with no engine options.
  for (const branch of model.BRANCHES ?? [{}]) {
    list.push({ ...branch, fault: null });
    for (const op of model.path(branch)) {
      for (const mode of modes) {
        if (mode === 'sync') list.push({ ...branch, fault: { op, mode, placement: 'call' } });
        else for (const placement of placements) list.push({ ...branch, fault: { op, mode, placement } });
      }
    }
    // Where one operation is called several times at once, also fail only its
    // first or only its last call: a partial failure is what hand-written
    // counters get wrong.
    if (model.CONCURRENT) {
      const { op, calls } = model.CONCURRENT;
      for (const index of [1, calls]) {
        for (const placement of placements) list.push({ ...branch, fault: { op, mode: 'callback', placement, index } });
        list.push({ ...branch, fault: { op, mode: 'sync', placement: 'call', index } });
      }
    }
    list.push(...steppedCases(model, branch), ...sharedCases(model, branch), ...contextCases(model, branch));
  }
  return list;
}

// Each upload inside an async context of its own, read by the engine at every
// operation (lib/fakes/context.js), as under an APM agent: success alone and
// with several uploads at once, and a failure at each operation. The trace
// must be the one without context (checkCase() is given the reference observed
// without); whether the context survived is recorded, not judged here.
function contextCases(model, branch) {
  const list = [
    { ...branch, fault: null, context: true },
    { ...branch, fault: null, together: true, context: true },
  ];
  for (const op of model.path(branch)) list.push({ ...branch, fault: { op, mode: 'callback', placement: 'timer' }, context: true });
  return list;
}

// Completions one by one, with the program quiet in between. In the order they
// were started, a failure at each operation: whether the caller hears before a
// fire-and-forget clean-up completes, or before the other calls made at once
// do, then depends on the style only. Reversed and shuffled: success, and a
// failure of the first or last of the calls made at once, which then arrives
// first, last or between.
function steppedCases(model, branch) {
  const list = [];
  for (const op of model.path(branch)) list.push({ ...branch, order: 'issue', fault: { op, mode: 'callback', placement: 'timer' } });
  for (const order of ['reverse', 'shuffle']) {
    list.push({ ...branch, order, fault: null });
    if (!model.CONCURRENT) continue;
    const { op, calls } = model.CONCURRENT;
    for (const index of [1, calls]) list.push({ ...branch, order, fault: { op, mode: 'callback', placement: 'timer', index } });
  }
  return list;
}

// Uploads that share an io: each path shape alone; every one at once, their
// completions as they come, reversed, shuffled, and with the second call of
// one operation failing; and the same upload twice in a row.
function sharedCases(model, branch) {
  const list = model.VARIED_ARGS.map((args) => ({ ...branch, fault: null, args }));
  list.push({ ...branch, fault: null, together: true });
  for (const order of ['reverse', 'shuffle']) list.push({ ...branch, fault: null, together: true, order });
  const op = model.CONCURRENT ? model.CONCURRENT.op : model.path(branch)[0];
  list.push({ ...branch, together: true, order: 'issue', fault: { op, mode: 'callback', placement: 'timer', index: 2 } });
  list.push({ ...branch, fault: null, twice: true });
  return list;
}

/**
 * A case's name, e.g. "file found, path notes.md, success": its branch and its
 * upload's arguments as the problem's model names them (describeBranch,
 * UPLOAD_NAMED_BY and uploadName).
 */
function describeCase({ fault, args, together, twice, order, context, ...branch }, model) {
  const parts = [];
  if (context) parts.push('in an async context');
  // A problem of one branch names none.
  const name = model.describeBranch?.(branch);
  if (name) parts.push(name);
  if (args) parts.push(`${model.UPLOAD_NAMED_BY} ${model.uploadName(args)}`);
  if (together) parts.push('several uploads at once');
  if (twice) parts.push('twice in a row');
  if (order) parts.push(`completions one by one in ${order} order`);
  if (!fault) parts.push('success');
  else {
    const which = fault.index === undefined ? '' : ` call #${fault.index} only`;
    parts.push(`${fault.mode} fault at ${fault.op}${which}${fault.mode === 'sync' ? '' : ` created in ${fault.placement}`}`);
  }
  return parts.join(', ');
}

module.exports = { cases, describeCase };
