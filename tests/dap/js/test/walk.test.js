// Microsoft's DAP DebugClient (@vscode/debugadapter-testsupport) against `ptodbg dap`,
// driving tests/dap/programs/walk.s (linux profile).  Started by
// tests/dap/test_vscode_client.py, which sets PTODBG_PYTHON to the tests' interpreter.
'use strict';

const assert = require('assert');
const path = require('path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const PYTHON = process.env.PTODBG_PYTHON || 'python3';
const ADAPTER = path.join(__dirname, '..', 'adapter.py');
const WALK = path.resolve(__dirname, '..', '..', 'programs', 'walk.s');
const FRAMES = path.resolve(__dirname, '..', '..', 'programs', 'frames.s');
const LAUNCH = { program: WALK, profile: 'linux', stopOnEntry: false };

// Lines of walk.s
const SETRET_BACK2 = 14;  // first statement after the first call returns
const J_BUMP_2 = 15;
const SETRET_BACK3 = 17;
const LI_SRC = 20;        // after the three calls
const COPY = 24;          // the DMA
const BUMP_FIRST = 42;
const BUMP_STORE = 44;    // sdi a3, [s1, 0]: a3 is the new count
const BUMP_RETURN = 45;

describe('ptodbg dap with the VS Code DebugClient', function () {
  let dc;

  beforeEach(function () {
    dc = new DebugClient(PYTHON, ADAPTER, 'ptodbg', { cwd: path.dirname(WALK) }, true);
    dc.defaultTimeout = 20000;
    return dc.start();
  });

  afterEach(function () {
    return dc.stop();
  });

  async function top() {
    const st = await dc.stackTraceRequest({ threadId: 1 });
    return st.body.stackFrames[0];
  }

  async function stoppedBy(request, reason) {
    const [event] = await Promise.all([dc.waitForEvent('stopped'), request()]);
    assert.strictEqual(event.body.reason, reason, `stopped for ${event.body.reason}: ${event.body.description}`);
    return event;
  }

  async function startAt(lines) {
    await Promise.all([
      dc.waitForEvent('initialized').then(() => dc.setBreakpointsRequest({
        source: { path: WALK }, breakpoints: lines.map((line) => ({ line })),
      })).then((r) => {
        r.body.breakpoints.forEach((bp, i) => {
          assert.ok(bp.verified, `breakpoint on line ${lines[i]}: ${bp.message}`);
          assert.strictEqual(bp.line, lines[i]);
        });
        return dc.configurationDoneRequest();
      }),
      dc.launch(LAUNCH),
      dc.assertStoppedLocation('breakpoint', { path: WALK, line: lines[0] }),
    ]);
  }

  async function register(name) {
    const scopes = await dc.scopesRequest({ frameId: (await top()).id });
    const regs = scopes.body.scopes.find((s) => s.name === 'Registers');
    const vars = await dc.variablesRequest({ variablesReference: regs.variablesReference });
    return BigInt(vars.body.variables.find((v) => v.name === name).value);
  }

  async function repl(text, reason) {
    const [event, response] = await Promise.all([
      dc.waitForEvent('stopped'),
      dc.evaluateRequest({ expression: text, context: 'repl' }),
    ]);
    if (reason) {
      assert.strictEqual(event.body.reason, reason);
    }
    return response.body.result;
  }

  it('answers initialize with the capabilities of DESIGN.md §9', async function () {
    const r = await dc.initializeRequest();
    for (const cap of ['supportsConfigurationDoneRequest', 'supportsStepBack', 'supportsDisassembleRequest',
      'supportsReadMemoryRequest', 'supportsWriteMemoryRequest', 'supportsInstructionBreakpoints',
      'supportsDataBreakpoints', 'supportsConditionalBreakpoints', 'supportsHitConditionalBreakpoints',
      'supportsSteppingGranularity', 'supportsExceptionInfoRequest', 'supportsSetVariable',
      'supportsTerminateRequest', 'supportsEvaluateForHovers', 'supportsLogPoints', 'supportsCompletionsRequest',
      'supportsRestartFrame', 'supportsGotoTargetsRequest', 'supportsRestartRequest', 'supportsCancelRequest',
      'supportsLoadedSourcesRequest', 'supportsExceptionFilterOptions']) {
      assert.strictEqual(r.body[cap], true, cap);
    }
    const filters = r.body.exceptionBreakpointFilters.map((f) => f.filter);
    assert.deepStrictEqual(filters, ['page-faults', 'alignment', 'illegal-instruction', 'all-traps']);
  });

  it('launches a .s program and stops at a breakpoint on a source line', function () {
    return dc.hitBreakpoint(LAUNCH, { path: WALK, line: SETRET_BACK2 });
  });

  it('steps by line (next over the call, stepIn, stepOut) and steps back to the line it came from', async function () {
    await startAt([SETRET_BACK2]);
    await stoppedBy(() => dc.nextRequest({ threadId: 1 }), 'step');
    assert.strictEqual((await top()).line, SETRET_BACK3);  // next ran the whole call to bump
    await stoppedBy(() => dc.stepBackRequest({ threadId: 1 }), 'step');
    assert.strictEqual((await top()).line, SETRET_BACK2);  // back where next started
    await stoppedBy(() => dc.stepInRequest({ threadId: 1 }), 'step');
    assert.strictEqual((await top()).line, J_BUMP_2);
    await stoppedBy(() => dc.stepInRequest({ threadId: 1 }), 'step');
    const inBump = await top();
    assert.strictEqual(inBump.line, BUMP_FIRST);
    assert.strictEqual(inBump.name, 'bump');
    await stoppedBy(() => dc.stepOutRequest({ threadId: 1 }), 'step');
    assert.strictEqual((await top()).line, SETRET_BACK3);
    await stoppedBy(() => dc.stepBackRequest({ threadId: 1, granularity: 'instruction' }), 'step');
    const last = await top();
    assert.strictEqual(last.line, BUMP_RETURN);  // jr ra, 0: the last instruction of bump
  });

  it('reverseContinue goes back to an earlier breakpoint', async function () {
    await startAt([SETRET_BACK2, LI_SRC]);
    const forward = await stoppedBy(() => dc.continueRequest({ threadId: 1 }), 'breakpoint');
    assert.strictEqual((await top()).line, LI_SRC);
    const back = await stoppedBy(() => dc.reverseContinueRequest({ threadId: 1 }), 'breakpoint');
    assert.strictEqual((await top()).line, SETRET_BACK2);
    assert.notDeepStrictEqual(back.body.hitBreakpointIds, forward.body.hitBreakpointIds);
    const counter = await dc.evaluateRequest({ expression: 'u64[counter]', context: 'watch' });
    assert.match(counter.body.result, /^0x1 /);  // one call to bump before that line
  });

  it('reads memory (unmapped bytes are unreadable, not zeros) and disassembles with symbols', async function () {
    await startAt([LI_SRC]);
    const counter = await dc.evaluateRequest({ expression: 'counter', context: 'hover' });
    const mem = await dc.customRequest('readMemory', { memoryReference: counter.body.memoryReference, count: 8 });
    assert.strictEqual(Buffer.from(mem.body.data, 'base64').readBigUInt64LE(0), 3n);
    const dst = await dc.evaluateRequest({ expression: 'dst', context: 'hover' });
    const pageEnd = BigInt(dst.body.memoryReference) + 4096n - 8n;
    const edge = await dc.customRequest('readMemory', { memoryReference: '0x' + pageEnd.toString(16), count: 16 });
    assert.strictEqual(Buffer.from(edge.body.data, 'base64').length, 8);
    assert.strictEqual(edge.body.unreadableBytes, 8);
    const frame = await top();
    const dis = await dc.disassembleRequest({
      memoryReference: frame.instructionPointerReference, instructionOffset: -2, instructionCount: 5,
      resolveSymbols: true,
    });
    const rows = dis.body.instructions;
    assert.strictEqual(rows.length, 5);
    assert.strictEqual(rows[2].address, frame.instructionPointerReference);
    assert.strictEqual(rows[0].symbol, 'back2');
    assert.strictEqual(rows[0].instruction, 'setret back3, ->ra');
    assert.strictEqual(rows[1].instruction, 'j bump');
    assert.strictEqual(rows[2].symbol, 'back3');
    assert.strictEqual(rows[2].line, LI_SRC);
  });

  it('stops on a data breakpoint when bump stores to counter', async function () {
    await startAt([SETRET_BACK2]);
    const info = await dc.dataBreakpointInfoRequest({ name: 'counter' });
    assert.ok(info.body.dataId, info.body.description);
    assert.ok(info.body.accessTypes.includes('write'));
    const set = await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.body.dataId, accessType: 'write' }] });
    assert.ok(set.body.breakpoints[0].verified);
    const ev = await stoppedBy(() => dc.continueRequest({ threadId: 1 }), 'data breakpoint');
    assert.deepStrictEqual(ev.body.hitBreakpointIds, [set.body.breakpoints[0].id]);
    assert.strictEqual((await top()).line, BUMP_RETURN);  // a watchpoint stops after the access
    const scopes = await dc.scopesRequest({ frameId: (await top()).id });
    const events = scopes.body.scopes.find((s) => s.name === 'Events');
    const vars = await dc.variablesRequest({ variablesReference: events.variablesReference });
    assert.strictEqual(vars.body.variables[0].name, '#1 store');
    assert.match(vars.body.variables[0].value, /^8 bytes at 0x[0-9a-f]+ = 0x2 /);
  });

  it('injects a fault through evaluate, stops on the exception breakpoint, recovers and exits with the status', async function () {
    await startAt([LI_SRC]);
    await dc.setExceptionBreakpointsRequest({ filters: ['page-faults'] });
    const dst = BigInt((await dc.evaluateRequest({ expression: 'dst', context: 'watch' })).body.memoryReference);
    await repl('inject dst 64 r--', 'step');
    await stoppedBy(() => dc.continueRequest({ threadId: 1 }), 'exception');
    const frame = await top();
    assert.strictEqual(frame.line, COPY);  // the faulting DMA
    const info = await dc.exceptionInfoRequest({ threadId: 1 });
    assert.strictEqual(info.body.exceptionId, 'DATA_PAGE_FAULT');
    assert.strictEqual(info.body.breakMode, 'unhandled');
    assert.strictEqual(BigInt(info.body.trap.arg0), dst);  // TRAPARG0 = the destination
    assert.strictEqual(info.body.trap.number, 35);
    assert.strictEqual(info.body.trap.bank, 0);
    assert.strictEqual('0x' + info.body.trap.saved_tpc.toString(16), frame.instructionPointerReference);
    assert.match(info.body.description, /recover/);
    await repl('perms dst 64 rw-', 'step');
    const recovered = await repl('recover', 'step');
    assert.match(recovered, /TPC = /);
    assert.strictEqual((await top()).line, COPY);
    await Promise.all([
      dc.assertOutput('stdout', 'walked 3x\n'),
      dc.waitForEvent('exited').then((e) => assert.strictEqual(e.body.exitCode, 3)),
      dc.waitForEvent('terminated'),
      dc.continueRequest({ threadId: 1 }),
    ]);
  });
  it('prints a logpoint\'s interpolated message without stopping', async function () {
    const logged = [];
    dc.on('output', (e) => {
      if (e.body.category === 'console' && !e.body.output.startsWith('ptodbg: ')) {
        logged.push(e.body.output);
      }
    });
    await Promise.all([
      dc.waitForEvent('initialized').then(() => dc.setBreakpointsRequest({
        source: { path: WALK },
        breakpoints: [{ line: LI_SRC }, { line: BUMP_STORE, logMessage: 'bump stores {a3}, counter was {u64[counter]}' }],
      })).then((r) => {
        assert.ok(r.body.breakpoints.every((bp) => bp.verified));
        return dc.configurationDoneRequest();
      }),
      dc.launch(LAUNCH),
      dc.assertStoppedLocation('breakpoint', { path: WALK, line: LI_SRC }),
    ]);
    assert.deepStrictEqual(logged, ['bump stores 1, counter was 0\n', 'bump stores 2, counter was 1\n',
      'bump stores 3, counter was 2\n']);
  });

  it('offers inject among the Debug Console completions of inj', async function () {
    await startAt([LI_SRC]);
    const r = await dc.customRequest('completions', { text: 'inj', column: 4 });
    assert.deepStrictEqual(r.body.targets.map((t) => t.label), ['inject']);
    assert.strictEqual(r.body.targets[0].start, 1);
    assert.strictEqual(r.body.targets[0].length, 3);
  });

  it('restartFrame lands on the frame\'s entry step with the caller\'s registers', async function () {
    await Promise.all([
      dc.waitForEvent('initialized').then(() => dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'twice+8' }] }))
        .then(() => dc.configurationDoneRequest()),
      dc.launch({ program: FRAMES, stopOnEntry: false }),
      dc.waitForEvent('stopped'),
    ]);
    const inside = await register('steps');
    assert.strictEqual(await register('s0'), 10n);  // twice doubled the caller's 5
    const frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
    assert.ok(frames[0].canRestart);
    await stoppedBy(() => dc.customRequest('restartFrame', { frameId: frames[0].id }), 'restart');
    const twice = BigInt((await dc.evaluateRequest({ expression: 'twice' })).body.memoryReference);
    const back = BigInt((await dc.evaluateRequest({ expression: 'back' })).body.memoryReference);
    assert.strictEqual(BigInt((await top()).instructionPointerReference), twice);
    assert.strictEqual(await register('steps'), inside - 2n);  // before FENTRY and the add
    assert.strictEqual(await register('s0'), 5n);
    assert.strictEqual(await register('a0'), 0xe010n);  // the caller's frame sp, before FENTRY
    assert.strictEqual(await register('ra'), back);
  });

  it('goto moves TPC to the code of a source line', async function () {
    await startAt([LI_SRC]);
    const steps = await register('steps');
    const targets = await dc.customRequest('gotoTargets', { source: { path: WALK }, line: COPY });
    assert.strictEqual(targets.body.targets.length, 1);
    await stoppedBy(() => dc.customRequest('goto', { threadId: 1, targetId: targets.body.targets[0].id }), 'goto');
    const copy = BigInt((await dc.evaluateRequest({ expression: 'copy' })).body.memoryReference);
    assert.strictEqual(await register('tpc'), copy);
    assert.strictEqual((await top()).line, COPY);
    assert.strictEqual(await register('steps'), steps);  // a jump, not a step
  });

  it('sends invalidated, not stopped, after inject in the Debug Console', async function () {
    const stops = [];
    dc.on('stopped', (e) => stops.push(e.body.reason));
    await dc.initializeRequest({ adapterID: 'ptodbg', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path',
      supportsInvalidatedEvent: true });
    await Promise.all([
      dc.waitForEvent('initialized').then(() => dc.setBreakpointsRequest({ source: { path: WALK },
        breakpoints: [{ line: LI_SRC }] })).then(() => dc.configurationDoneRequest()),
      dc.launchRequest(LAUNCH),
      dc.waitForEvent('stopped'),
    ]);
    const [invalidated, response] = await Promise.all([
      dc.waitForEvent('invalidated'),
      dc.evaluateRequest({ expression: 'inject dst 64 r--', context: 'repl' }),
    ]);
    assert.ok(response.success);
    assert.deepStrictEqual(invalidated.body.areas, ['stacks', 'variables']);
    assert.deepStrictEqual(stops, ['breakpoint']);  // only the launch's stop
    await stoppedBy(() => dc.continueRequest({ threadId: 1 }), 'exception');  // the injection is armed
    assert.strictEqual((await top()).line, COPY);
  });
});
