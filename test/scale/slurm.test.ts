// The Slurm example for real: a one-node Slurm cluster (Debian's slurmctld, slurmd and munge,
// started here as root with state and spool in a temporary folder) runs
// examples/slurm/submit.sh; the merged file equals the unsharded run byte for byte. The
// daemons started here are stopped by PID. Without root or the Slurm packages, or when the
// cluster does not come up, the test says why and counts as skipped.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { skipTest } from '../helpers/skip.js';

const TOOLS = ['munged', 'munge', 'slurmctld', 'slurmd', 'sbatch', 'squeue', 'sinfo'];
const NODE_NAME = 'hazsimnode';
const SHARDS = 3;
const SAMPLES = '240';
const SEED = '13';

function missingTools(): string[] {
  return TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await sleep(500);
  }
  return condition();
}

/** The daemons of a one-node cluster, each a child of this process. */
class SlurmCluster {
  readonly daemons: ChildProcess[] = [];
  readonly env: NodeJS.ProcessEnv;

  constructor(
    readonly dir: string,
    ports: [number, number],
  ) {
    const munge = path.join(dir, 'munge');
    fs.mkdirSync(munge, { recursive: true, mode: 0o700 });
    for (const sub of ['state', 'spool']) fs.mkdirSync(path.join(dir, sub));
    fs.writeFileSync(path.join(munge, 'munge.key'), crypto.randomBytes(1024), { mode: 0o400 });
    const socket = path.join(munge, 'munge.socket');
    const conf = path.join(dir, 'slurm.conf');
    fs.writeFileSync(
      conf,
      [
        'ClusterName=hazsimtest',
        'SlurmctldHost=localhost(127.0.0.1)',
        `SlurmctldPort=${ports[0]}`,
        `SlurmdPort=${ports[1]}`,
        'AuthType=auth/munge',
        `AuthInfo=socket=${socket}`,
        'CredType=cred/munge',
        // No cgroups: processes are tracked by parentage, tasks are not bound.
        'ProctrackType=proctrack/linuxproc',
        'TaskPlugin=task/none',
        'SlurmUser=root',
        'SlurmdUser=root',
        `StateSaveLocation=${dir}/state`,
        `SlurmdSpoolDir=${dir}/spool`,
        `SlurmctldPidFile=${dir}/slurmctld.pid`,
        `SlurmdPidFile=${dir}/slurmd.pid`,
        `SlurmctldLogFile=${dir}/slurmctld.log`,
        `SlurmdLogFile=${dir}/slurmd.log`,
        'SchedulerType=sched/builtin',
        'SelectType=select/cons_tres',
        'SelectTypeParameters=CR_Core',
        'ReturnToService=2',
        'MpiDefault=none',
        'JobCompType=jobcomp/none',
        'JobAcctGatherType=jobacct_gather/none',
        'AccountingStorageType=accounting_storage/none',
        `NodeName=${NODE_NAME} NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=2 State=UNKNOWN`,
        'PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP',
        '',
      ].join('\n'),
    );
    this.env = { ...process.env, SLURM_CONF: conf };
    this.start('munged', [
      '-F',
      // The socket's folder is private to this test (the default wants /run/munge).
      '-f',
      `--socket=${socket}`,
      `--key-file=${path.join(munge, 'munge.key')}`,
      `--log-file=${path.join(munge, 'munged.log')}`,
      `--pid-file=${path.join(munge, 'munged.pid')}`,
      `--seed-file=${path.join(munge, 'munged.seed')}`,
    ]);
  }

  start(command: string, args: string[]): void {
    const log = fs.openSync(path.join(this.dir, `${command}.out`), 'a');
    this.daemons.push(spawn(command, args, { cwd: this.dir, env: this.env, stdio: ['ignore', log, log] }));
    fs.closeSync(log);
  }

  run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
    return spawnSync(command, args, { cwd: this.dir, env: { ...this.env, ...env }, encoding: 'utf8' });
  }

  /** Starts munge, slurmctld and slurmd; null when the node is idle, else why not. */
  async up(): Promise<string | null> {
    const socket = path.join(this.dir, 'munge', 'munge.socket');
    if (!(await waitFor(() => fs.existsSync(socket), 10_000))) return `munged did not start: ${this.logTail('munged.out')}`;
    this.start('slurmctld', ['-D', '-i']);
    this.start('slurmd', ['-D', '-N', NODE_NAME]);
    const idle = await waitFor(() => this.run('sinfo', ['-h', '-n', NODE_NAME, '-o', '%T']).stdout.trim() === 'idle', 30_000);
    return idle ? null : `the node did not become idle: ${this.logTail('slurmctld.log')} ${this.logTail('slurmd.log')}`;
  }

  logTail(name: string): string {
    const file = path.join(this.dir, name);
    return fs.existsSync(file) ? `${name}: ${fs.readFileSync(file, 'utf8').trim().split('\n').slice(-3).join(' | ')}` : `${name}: (none)`;
  }

  /** Stops the daemons started here, by PID, slurmd first. */
  async stop(): Promise<void> {
    for (const daemon of [...this.daemons].reverse()) {
      if (daemon.exitCode !== null || daemon.signalCode !== null) continue;
      const exited = new Promise((resolve) => daemon.once('exit', resolve));
      process.kill(daemon.pid!, 'SIGTERM');
      if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) {
        process.kill(daemon.pid!, 'SIGKILL');
        await exited;
      }
    }
  }
}

const test = suite('examples/slurm on a one-node Slurm cluster');

test('the job array and its merge job write the unsharded run byte for byte', async () => {
  if (process.getuid?.() !== 0) return skipTest('Slurm example: the one-node cluster needs root');
  const missing = missingTools();
  if (missing.length > 0) return skipTest(`Slurm example: ${missing.join(', ')} not installed (Debian: slurmctld slurmd munge slurm-client)`);

  const work = tempDir('hazsim-slurm-');
  const cache = path.join(work, 'cache');
  const cli = (...args: string[]) => runCli([...args, '--cache-dir', cache]);
  assert.is(cli('upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder').code, 0);
  assert.is(cli('upload', path.join(EXAMPLES, 'hazards/hurricane.json'), '--kind', 'hazard', '--name', 'storm').code, 0);
  const whole = path.join(work, 'whole.zip');
  assert.is(cli('scenarios', 'feeder', 'storm', '-n', SAMPLES, '--seed', SEED, '-o', whole).code, 0);

  const cluster = new SlurmCluster(path.join(work, 'slurm'), [await freePort(), await freePort()]);
  try {
    const why = await cluster.up();
    if (why) return skipTest(`Slurm example: the cluster could not start: ${why}`);
    const merged = path.join(work, 'merged.zip');
    const submitted = cluster.run('bash', [path.join(EXAMPLES, 'slurm/submit.sh')], {
      SHARDS: String(SHARDS),
      HAZSIM: `${process.execPath} ${BIN}`,
      HAZSIM_CACHE_DIR: cache,
      DISTRIBUTION: 'feeder',
      HAZARD: 'storm',
      SAMPLES,
      SEED,
      PARTS_DIR: path.join(work, 'parts'),
      OUTPUT: merged,
    });
    assert.is(submitted.status, 0, submitted.stderr);
    const mergeJob = submitted.stdout.trim().split(';')[0];
    assert.match(mergeJob, /^\d+$/);
    const finished = await waitFor(() => cluster.run('squeue', ['-h']).stdout.trim() === '', 100_000);
    const logs = fs.readdirSync(path.join(work, 'parts')).filter((name) => name.endsWith('.log'));
    const logText = logs.map((name) => `${name}: ${fs.readFileSync(path.join(work, 'parts', name), 'utf8')}`).join('\n');
    assert.ok(finished, `jobs still queued: ${cluster.run('squeue', []).stdout}\n${logText}`);
    assert.equal(
      fs
        .readdirSync(path.join(work, 'parts'))
        .filter((name) => name.endsWith('.hzshard'))
        .sort(),
      Array.from({ length: SHARDS }, (_, index) => `part-${index}-of-${SHARDS}.hzshard`),
      logText,
    );
    assert.ok(fs.existsSync(merged), `the merge job wrote nothing:\n${logText}`);
    assert.ok(fs.readFileSync(merged).equals(fs.readFileSync(whole)), 'the Slurm run differs from the unsharded run');
  } finally {
    await cluster.stop();
  }
});

test.run();
