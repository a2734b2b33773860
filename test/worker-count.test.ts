// How many serving processes `dala serve` runs: the number of cores unless DALA_WORKERS names
// another, the same under a test runner as under `npm start` (a test of serving tests the default).
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { workerCount } from '../src/serve/cluster/worker-count.js';

test('without DALA_WORKERS, dala serve runs one serving process per core, under a test runner too', () => {
  assert.equal(workerCount({}), availableParallelism());
  assert.equal(workerCount({ NODE_TEST_CONTEXT: 'child-v8' }), availableParallelism());
  assert.equal(workerCount({ DALA_WORKERS: '' }), availableParallelism());
});

test('DALA_WORKERS names the count, and anything but a whole number from 1 to 256 is refused', () => {
  assert.equal(workerCount({ DALA_WORKERS: '1' }), 1);
  assert.equal(workerCount({ DALA_WORKERS: ' 3 ' }), 3);
  for (const bad of ['0', '257', '1.5', 'two', '-1'])
    assert.throws(() => workerCount({ DALA_WORKERS: bad }), /not a whole number/, bad);
});
