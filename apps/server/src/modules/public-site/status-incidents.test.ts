import { describe, expect, it } from 'vitest';
import type { IncidentRow } from './status-incidents.repository';
import { incidentActions, type MeasuredService } from './status-incidents.service';

const open = (service: IncidentRow['service'], worstStatus: IncidentRow['worstStatus']): IncidentRow => ({
  id: `inc_${service}`,
  service,
  worstStatus,
  note: null,
  startedAt: new Date(0),
  resolvedAt: null,
});
const state = (status: MeasuredService['status'], note: MeasuredService['note'] = null): MeasuredService => ({
  id: 'messaging',
  status,
  note,
});

describe('what one measurement does to the incidents', () => {
  it.each([
    ['operational, nothing open: nothing', [], state('operational'), []],
    [
      'a partial outage, nothing open: opens one',
      [],
      state('partial-outage', 'deliveries_delayed'),
      [{ kind: 'open', service: 'messaging', status: 'partial-outage', note: 'deliveries_delayed' }],
    ],
    [
      'a partial outage, one open: nothing',
      [open('messaging', 'partial-outage')],
      state('partial-outage'),
      [],
    ],
    [
      'a major outage, a partial one open: raised',
      [open('messaging', 'partial-outage')],
      state('major-outage', 'deliveries_failing'),
      [{ kind: 'raise', id: 'inc_messaging', status: 'major-outage', note: 'deliveries_failing' }],
    ],
    [
      'a partial outage, a major one open: kept at its worst',
      [open('messaging', 'major-outage')],
      state('partial-outage'),
      [],
    ],
    [
      'operational, one open: resolved',
      [open('messaging', 'major-outage')],
      state('operational'),
      [{ kind: 'resolve', id: 'inc_messaging' }],
    ],
    [
      'unknown (not measured), one open: left open',
      [open('messaging', 'partial-outage')],
      state('unknown'),
      [],
    ],
    ['unknown, nothing open: nothing opened', [], state('unknown'), []],
    ["another service's incident is not touched", [open('api', 'partial-outage')], state('operational'), []],
  ] as const)('%s', (_label, openIncidents, service, expected) => {
    expect(incidentActions(openIncidents, [service])).toEqual(expected);
  });
});
