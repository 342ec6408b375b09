import { describe, expect, it } from 'vitest';
import { ListQueryError, parseListQuery, type ResourceQuerySpec, reorderById } from './list-query.ts';

const spec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    start: { type: 'time', ops: ['$gte', '$lt'] },
    type: { type: 'string', ops: ['$eq', '$in'] },
    enable_show: { type: 'flag', ops: ['$eq'] },
  },
  sort: ['start'],
  defaultSort: [{ field: 'start', direction: 1 }],
} as const satisfies ResourceQuerySpec;

const a = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const b = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof ListQueryError ? error.code : 'other';
  }
  return 'none';
};

describe('parseListQuery', () => {
  it('parses JSON strings, shorthand equality, { $id } values, operators and times', () => {
    const query = parseListQuery(spec, {
      query: JSON.stringify({
        meeting_id: { $id: a },
        start: { $gte: 1566378000, $lt: 1566378000000 },
        type: ['talk', 'workshop'],
      }),
      sort: '{"start":-1}',
      limit: '50',
      skip: '10',
    });
    expect(query).toEqual({
      conditions: [
        { field: 'meeting_id', op: '$eq', value: a },
        { field: 'start', op: '$gte', value: 1566378000000 },
        { field: 'start', op: '$lt', value: 1566378000000 },
        { field: 'type', op: '$in', value: ['talk', 'workshop'] },
      ],
      sort: [{ field: 'start', direction: -1 }],
      limit: 50,
      skip: 10,
    });
  });

  it('uses defaults and records the _id order', () => {
    const query = parseListQuery(spec, { query: { _id: { $in: [b, a] } } });
    expect(query.limit).toBe(20);
    expect(query.sort).toEqual([{ field: 'start', direction: 1 }]);
    expect(query.idOrder).toEqual([b, a]);
  });

  it.each([
    [{ query: { colour: 'red' } }, 'invalid_query'],
    [{ query: { meeting_id: { $in: [a] } } }, 'invalid_query'],
    [{ query: { meeting_id: { $where: 'x' } } }, 'invalid_query'],
    [{ query: { meeting_id: 'xyz' } }, 'invalid_object_id'],
    [{ query: { _id: [a, 'bad'] } }, 'invalid_object_id'],
    [{ query: { _id: [] } }, 'invalid_query'],
    [{ query: { start: { $gte: 'soon' } } }, 'invalid_query'],
    [{ query: { enable_show: 2 } }, 'invalid_query'],
    [{ query: { type: 5 } }, 'invalid_query'],
    [{ query: '[1,2]' }, 'invalid_query'],
    [{ query: '{oops' }, 'invalid_query'],
    [{ sort: { title: 1 } }, 'invalid_query'],
    [{ sort: { start: 2 } }, 'invalid_query'],
    [{ limit: 1000 }, 'limit_too_large'],
    [{ limit: 0 }, 'invalid_query'],
    [{ limit: '1.5' }, 'invalid_query'],
    [{ skip: -1 }, 'invalid_query'],
  ])('refuses %j with %s', (params, code) => {
    expect(codeOf(() => parseListQuery(spec, params as never))).toBe(code);
  });

  it('honours a smaller maximum (navigation categories: 20)', () => {
    expect(codeOf(() => parseListQuery(spec, { limit: 21 }, 20))).toBe('limit_too_large');
    expect(parseListQuery(spec, {}, 20).limit).toBe(20);
  });
});

describe('reorderById', () => {
  it('follows the id list and keeps unknown ids last', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'x' }];
    expect(reorderById(items, ['c', 'a', 'b'], (item) => item.id).map((item) => item.id)).toEqual([
      'c',
      'a',
      'b',
      'x',
    ]);
    expect(reorderById(items, undefined, (item) => item.id)).toBe(items);
  });
});
