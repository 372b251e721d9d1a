// The ptodbg debug type: VS Code starts `ptodbg dap` and speaks the Debug Adapter
// Protocol with it over stdin/stdout.  The command is the setting `ptodbg.executable`
// (default: `ptodbg` on PATH, e.g. the `.venv/bin/ptodbg` of a checkout).
'use strict';

const vscode = require('vscode');

function activate(context) {
  context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory('ptodbg', {
    createDebugAdapterDescriptor() {
      const executable = vscode.workspace.getConfiguration('ptodbg').get('executable') || 'ptodbg';
      return new vscode.DebugAdapterExecutable(executable, ['dap']);
    },
  }));
  context.subscriptions.push(vscode.debug.registerDebugConfigurationProvider('ptodbg', {
    // F5 without a launch.json: debug the file in the active editor.
    resolveDebugConfiguration(folder, config) {
      if (!config.type && !config.request && !config.name) {
        const editor = vscode.window.activeTextEditor;
        if (!editor) {
          return undefined;
        }
        return { type: 'ptodbg', request: 'launch', name: 'ptodbg: debug this file',
          program: editor.document.fileName, stopOnEntry: true };
      }
      return config;
    },
  }));
}

function deactivate() {}

module.exports = { activate, deactivate };
