import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountDevice } from '../../src-main/contract/wire';
import { accountDevicePageSchema, accountDeviceSchema } from '../../src-main/contract/wire';
import { mapRemoteNames, pageWithWireNames } from '../../src-main/contract/wireNames';
import { paginate } from '../../src-main/local-service/pagination';

const SUFFIXES = ['id', 'alias', 'password'] as const;

const deviceArbitrary: fc.Arbitrary<AccountDevice> = fc.record({
  remote_id: fc.string({ minLength: 1 }),
  remote_alias: fc.option(fc.string(), { nil: null }),
  remote_password: fc.string(),
  has_2fa: fc.boolean(),
  status: fc.constantFrom('enabled', 'disabled'),
  is_online: fc.boolean(),
});

/** Any non-empty prefix, `remote` and underscores included. */
const prefixArbitrary = fc.oneof(
  fc.constantFrom('remote', 'anydesk', 'rustdesk', 'team_viewer', 'x_id'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** The device as a service naming its fields after `prefix` would send it. */
function onTheWire(device: AccountDevice, prefix: string): Record<string, unknown> {
  const { remote_id, remote_alias, remote_password, ...rest } = device;
  return {
    ...rest,
    [`${prefix}_id`]: remote_id,
    [`${prefix}_alias`]: remote_alias,
    [`${prefix}_password`]: remote_password,
  };
}

function problemOf(device: unknown): string {
  const result = mapRemoteNames(device);
  if (result.ok) throw new Error('expected the device to be refused');
  return result.problem;
}

describe('mapRemoteNames', () => {
  it('maps a triple with any prefix to the contract names', () => {
    fc.assert(
      fc.property(deviceArbitrary, prefixArbitrary, (device, prefix) => {
        const result = mapRemoteNames(onTheWire(device, prefix));
        expect(result.ok).toBe(true);
        if (result.ok) expect(accountDeviceSchema.parse(result.device)).toEqual(device);
      }),
    );
  });

  it('accepts several triples when they carry the same values', () => {
    fc.assert(
      fc.property(deviceArbitrary, prefixArbitrary, prefixArbitrary, (device, a, b) => {
        const result = mapRemoteNames({ ...onTheWire(device, a), ...onTheWire(device, b) });
        expect(result.ok && accountDeviceSchema.parse(result.device)).toEqual(device);
      }),
    );
  });

  it('refuses two triples that disagree, naming both', () => {
    fc.assert(
      fc.property(
        deviceArbitrary,
        fc.string({ minLength: 1 }),
        prefixArbitrary,
        prefixArbitrary,
        (device, otherId, a, b) => {
          fc.pre(a !== b && otherId !== device.remote_id);
          const problem = problemOf({
            ...onTheWire(device, a),
            ...onTheWire({ ...device, remote_id: otherId }, b),
          });
          expect(problem).toContain(`${a}_*`);
          expect(problem).toContain(`${b}_*`);
        },
      ),
    );
  });

  it('refuses a partial triple, naming the missing field', () => {
    fc.assert(
      fc.property(
        deviceArbitrary,
        prefixArbitrary,
        fc.constantFrom(...SUFFIXES),
        (device, prefix, missing) => {
          const wire = Object.fromEntries(
            Object.entries(onTheWire(device, prefix)).filter(
              ([key]) => key !== `${prefix}_${missing}`,
            ),
          );
          expect(problemOf(wire)).toContain(`without ${prefix}_${missing}`);
        },
      ),
    );
  });

  it('refuses a partial triple even beside a complete one', () => {
    const wire = { ...onTheWire(sample(), 'anydesk'), vnc_id: '1', vnc_password: 'x' };
    expect(problemOf(wire)).toMatch(/vnc_id and vnc_password without vnc_alias/);
  });

  it('leaves other fields ending in _id alone', () => {
    const result = mapRemoteNames({ ...onTheWire(sample(), 'anydesk'), classroom_id: 7 });
    expect(result).toEqual({ ok: true, device: { ...sample(), classroom_id: 7 } });
  });

  it('passes anything but an object through for the schema to judge', () => {
    for (const value of [null, 42, 'device', [1, 2], undefined]) {
      expect(mapRemoteNames(value)).toEqual({ ok: true, device: value });
    }
  });
});

describe('pageWithWireNames', () => {
  const schema = pageWithWireNames(accountDevicePageSchema);
  const pageOf = (items: readonly unknown[]) =>
    paginate(
      items,
      1,
      (n) => `http://service.test/api/v1/devices?page=${n}`,
      (item) => item,
    );

  it('maps every item of a page, whatever prefix each uses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(deviceArbitrary, prefixArbitrary), { maxLength: 50 }),
        (items) => {
          const page = schema.parse(
            pageOf(items.map(([device, prefix]) => onTheWire(device, prefix))),
          );
          expect(page.data).toEqual(items.map(([device]) => device));
        },
      ),
    );
  });

  it('reports an ambiguous item at its place in the page', () => {
    const items = [
      onTheWire(sample(), 'anydesk'),
      { ...onTheWire(sample(), 'anydesk'), x_id: 'a', x_alias: null },
    ];
    const result = schema.safeParse(pageOf(items));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['data', 1], message: expect.stringMatching(/x_password/) }),
    ]);
  });
});

function sample(): AccountDevice {
  return {
    remote_id: '123456789',
    remote_alias: 'PC-1',
    remote_password: 'secret',
    has_2fa: true,
    status: 'enabled',
    is_online: false,
  };
}
