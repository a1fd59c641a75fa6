import { describe, expect, it } from '@jest/globals';
import { contractMismatch, readFederationManifest } from './compat.js';

const manifest = (shared: { name: string; requiredVersion?: string }[], buildVersion = '1.4.0') => ({
  id: 'mfe_agents',
  name: 'mfe_agents',
  metaData: { name: 'mfe_agents', buildInfo: { buildVersion, buildName: 'mfe-agents' }, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
  shared: shared.map((s) => ({ id: `mfe_agents:${s.name}`, version: '1.0.0', singleton: true, ...s })),
  remotes: [],
  exposes: [{ id: 'mfe_agents:module', name: 'module', path: './module' }],
});

describe('contractMismatch', () => {
  it('accepts a studio whose contract is in the remote’s ^major.minor range', () => {
    expect(contractMismatch('agents', '1.4.0', '^2.3', '2.3.0')).toBeNull();
    expect(contractMismatch('agents', '1.4.0', '^2.3', '2.9.1')).toBeNull();
    expect(contractMismatch('agents', '1.4.0', '^2.3.0', '2.3.4')).toBeNull();
    expect(contractMismatch('agents', '1.4.0', '^0.1.0', '0.1.0')).toBeNull();
  });

  it('refuses an older minor, another major, and says who needs what', () => {
    expect(contractMismatch('agents', '1.4.0', '^2.3', '2.1.0')).toBe('Agents 1.4.0 needs the studio contract ^2.3; this studio provides 2.1.0.');
    expect(contractMismatch('flows', '3.0.0', '^2.3', '3.0.0')).toBe('AI Flows 3.0.0 needs the studio contract ^2.3; this studio provides 3.0.0.');
    // 0.x: a minor is a breaking change
    expect(contractMismatch('pages', '0.2.0', '^0.2.0', '0.1.0')).not.toBeNull();
    expect(contractMismatch('pages', '0.2.0', '^0.1.0', '0.2.0')).not.toBeNull();
  });

  it('accepts no requirement and refuses a range it cannot read', () => {
    expect(contractMismatch('agents', '1.0.0', null, '2.1.0')).toBeNull();
    expect(contractMismatch('agents', '1.0.0', '*', '2.1.0')).toBeNull();
    expect(contractMismatch('agents', '1.0.0', 'latest please', '2.1.0')).toBe('Agents 1.0.0 needs the studio contract latest please; this studio provides 2.1.0.');
  });
});

describe('readFederationManifest', () => {
  it('reads the name, the build version and the contract requirement', () => {
    expect(readFederationManifest(manifest([{ name: 'react', requiredVersion: '^19.3.1' }, { name: '@accent/shared/ui', requiredVersion: '^2.3' }]))).toEqual({
      name: 'mfe_agents',
      buildVersion: '1.4.0',
      requires: '^2.3',
    });
    expect(readFederationManifest(manifest([{ name: 'react' }], ''))).toEqual({ name: 'mfe_agents', buildVersion: null, requires: null });
  });

  it('is null for anything that is not a federation manifest', () => {
    expect(readFederationManifest(null)).toBeNull();
    expect(readFederationManifest('<html>')).toBeNull();
    expect(readFederationManifest({ name: 'mfe_agents' })).toBeNull();
    expect(readFederationManifest({ ...manifest([]), exposes: undefined })).toBeNull();
  });
});
