/**
 * The project's GitHub workflows, checked here as `npm run lint` checks them (the workflow
 * schema, npm scripts only), and the release script's signing decisions.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { checkWorkflows, workflowProblems, WORKFLOWS_DIR } from '../../packaging/checkWorkflows';
import { releasePlan } from '../../packaging/release';
import { ARTIFACTS_DIR } from '../desktop/smokeSteps';

const scripts = { 'test:desktop': 'vitest run' };
const root = path.join(import.meta.dirname, '..', '..');

const workflow = (steps: string) => `name: T
on: push
jobs:
  t:
    runs-on: ubuntu-latest
    steps:
${steps}`;

describe('the workflows', () => {
  it('pass the schema check, and run only npm scripts package.json has', () => {
    expect(checkWorkflows()).toEqual([]);
    expect(fs.readdirSync(WORKFLOWS_DIR).sort()).toEqual(['ci.yml', 'desktop.yml', 'release.yml']);
  });

  it('refuse what GitHub would refuse, a command that is not npm, and a script that is missing', () => {
    // A step matches none of the schema's kinds of step: each says why.
    expect(
      workflowProblems(workflow('      - uzes: actions/checkout@v4\n'), scripts),
    ).toContainEqual(expect.stringContaining("Additional property 'uzes' is not allowed"));
    expect(
      workflowProblems(
        workflow('      - run: npm ci\n      - run: sudo apt-get install x\n'),
        scripts,
      ),
    ).toEqual(['/jobs/t/steps/1: runs "sudo apt-get install x", not an npm script']);
    expect(workflowProblems(workflow('      - run: npm run test:desktopp\n'), scripts)).toEqual([
      '/jobs/t/steps/0: package.json has no script "test:desktopp"',
    ]);
    expect(workflowProblems(workflow('      - run: npm run test:desktop\n'), scripts)).toEqual([]);
  });

  it('run the desktop test on Windows, macOS and Linux and keep the folder it writes', () => {
    const desktop = yaml.load(fs.readFileSync(path.join(WORKFLOWS_DIR, 'desktop.yml'), 'utf8')) as {
      jobs: {
        smoke: { strategy: { matrix: { os: string[] } }; steps: { with?: { path?: string } }[] };
      };
    };
    expect(desktop.jobs.smoke.strategy.matrix.os).toEqual([
      'windows-latest',
      'macos-latest',
      'ubuntu-latest',
    ]);
    const kept = desktop.jobs.smoke.steps.map((step) => step.with?.path).filter(Boolean);
    expect(kept).toEqual([`${path.relative(root, ARTIFACTS_DIR).split(path.sep).join('/')}/`]);
  });
});

describe('npm run release', () => {
  it('packages macOS unsigned on purpose without a certificate, and says so', () => {
    const plan = releasePlan('darwin', { CSC_LINK: '', APPLE_ID: '', PATH: '/bin' });
    expect(plan.args).toEqual(['--publish', 'never', '-c.mac.identity=null']);
    expect(plan.lines.join(' ')).toMatch(/UNSIGNED/);
    // Secrets a repository does not set come as empty strings: electron-builder never sees them.
    expect(plan.env).toEqual({ PATH: '/bin' });
  });

  it('signs and notarizes macOS with the secrets, and signs Windows with its certificate', () => {
    const mac = releasePlan('darwin', {
      CSC_LINK: 'base64',
      CSC_KEY_PASSWORD: 'p',
      APPLE_ID: 'it@school.example',
      APPLE_APP_SPECIFIC_PASSWORD: 'x',
      APPLE_TEAM_ID: 'T',
    });
    expect(mac.args).toEqual(['--publish', 'never']);
    expect(mac.lines).toEqual([
      expect.stringMatching(/^macOS: signed/),
      expect.stringMatching(/^macOS: notarized/),
    ]);
    expect(releasePlan('darwin', { CSC_LINK: 'base64' }).lines[1]).toMatch(/NOT notarized/);
    expect(releasePlan('win32', { WIN_CSC_LINK: 'pfx' }).lines).toEqual([
      expect.stringMatching(/^Windows: signed/),
    ]);
    // The Apple certificate never reaches electron-builder on Windows, which would try it.
    const windows = releasePlan('win32', { CSC_LINK: 'p12', CSC_KEY_PASSWORD: 'p', PATH: '/bin' });
    expect(windows.lines).toEqual([expect.stringMatching(/UNSIGNED.*no updates/)]);
    expect(windows.env).toEqual({ PATH: '/bin' });
  });
});
