package io.fx.micronaut.events.jobs.internal;

import io.lettuce.core.ScriptOutputType;
import io.micronaut.core.annotation.Internal;

/**
 * The Redis store's Lua scripts, each one atomic step. A job is a hash {@code <prefix>:job:<id>} (id, type,
 * payload, status, attempts, max_attempts, requeues, last_error, unique_key, enqueued_at, started_at, finished_at;
 * times in epoch milliseconds); a stream entry {@code id <id>} in {@code <prefix>:stream} means "run it"; the
 * sorted set {@code <prefix>:delayed} holds ids by due time; {@code <prefix>:unique:<key>} the id holding a key.
 */
@Internal
final class RedisJobScripts {

    /**
     * KEYS: hash, unique, stream, delayed. ARGV: id, type, payload, max attempts, now, due (0: now), unique key
     * ('' none). Returns the id, or the unfinished job's holding the key.
     */
    static final RedisScript ENQUEUE = RedisScript.of("""
        if ARGV[7] ~= '' then
          local holder = redis.call('GET', KEYS[2])
          if holder then return holder end
          redis.call('SET', KEYS[2], ARGV[1])
        end
        local state = 'enqueued'
        if tonumber(ARGV[6]) > 0 then state = 'scheduled' end
        redis.call('HSET', KEYS[1], 'id', ARGV[1], 'type', ARGV[2], 'payload', ARGV[3], 'max_attempts', ARGV[4],
          'attempts', 0, 'requeues', 0, 'status', state, 'enqueued_at', ARGV[5], 'unique_key', ARGV[7])
        if state == 'scheduled' then
          redis.call('ZADD', KEYS[4], ARGV[6], ARGV[1])
        else
          redis.call('XADD', KEYS[3], '*', 'id', ARGV[1])
        end
        return ARGV[1]
        """, ScriptOutputType.VALUE);

    /**
     * KEYS: delayed, stream. ARGV: now, limit, hash key prefix. Moves the due ids to the stream (cancelled ones are
     * dropped). Returns how many were due.
     */
    static final RedisScript PROMOTE = RedisScript.of("""
        local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
        for _, id in ipairs(due) do
          redis.call('ZREM', KEYS[1], id)
          local key = ARGV[3] .. id
          local state = redis.call('HGET', key, 'status')
          if state == 'scheduled' or state == 'failed' then
            redis.call('HSET', key, 'status', 'enqueued')
            redis.call('XADD', KEYS[2], '*', 'id', id)
          end
        end
        return #due
        """, ScriptOutputType.INTEGER);

    /**
     * KEYS: hash, delayed. ARGV: id, now, status ttl (s), unique key prefix. Cancels a job that is not running.
     * Returns 1 when cancelled.
     */
    static final RedisScript CANCEL = RedisScript.of("""
        local state = redis.call('HGET', KEYS[1], 'status')
        if state ~= 'scheduled' and state ~= 'enqueued' and state ~= 'failed' then return 0 end
        redis.call('ZREM', KEYS[2], ARGV[1])
        redis.call('HSET', KEYS[1], 'status', 'cancelled', 'finished_at', ARGV[2])
        redis.call('EXPIRE', KEYS[1], ARGV[3])
        local unique = redis.call('HGET', KEYS[1], 'unique_key')
        if unique and unique ~= '' and redis.call('GET', ARGV[4] .. unique) == ARGV[1] then
          redis.call('DEL', ARGV[4] .. unique)
        end
        return 1
        """, ScriptOutputType.INTEGER);

    /**
     * KEYS: hash. ARGV: now. Marks a runnable job (enqueued, or running when re-claimed) running and counts the
     * attempt. Returns the attempt's number, or 0 when the job is not runnable.
     */
    static final RedisScript BEGIN = RedisScript.of("""
        local state = redis.call('HGET', KEYS[1], 'status')
        if state ~= 'enqueued' and state ~= 'running' then return 0 end
        redis.call('HSET', KEYS[1], 'status', 'running', 'started_at', ARGV[1])
        return redis.call('HINCRBY', KEYS[1], 'attempts', 1)
        """, ScriptOutputType.INTEGER);

    /**
     * KEYS: hash, stream, delayed, dead. ARGV: group, entry id, outcome (ack, failed, scheduled, succeeded, dead),
     * now, due, error, status ttl (s), unique key prefix, job id, type, the entry's fields. Acknowledges the entry
     * and records the outcome: a retry goes to the delayed set, a dead job to the dead stream. Does nothing (returns
     * 0) when the entry was acknowledged already (another instance re-claimed and settled it).
     */
    static final RedisScript SETTLE = RedisScript.of("""
        if redis.call('XACK', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 0 end
        redis.call('XDEL', KEYS[2], ARGV[2])
        local outcome = ARGV[3]
        if outcome == 'ack' then return 1 end
        if outcome == 'failed' or outcome == 'scheduled' then
          redis.call('HSET', KEYS[1], 'status', outcome, 'last_error', ARGV[6])
          if outcome == 'scheduled' then redis.call('HINCRBY', KEYS[1], 'requeues', 1) end
          redis.call('ZADD', KEYS[3], ARGV[5], ARGV[9])
          return 1
        end
        if outcome == 'dead' then
          redis.call('XADD', KEYS[4], 'MAXLEN', '~', '10000', '*', 'id', ARGV[9], 'type', ARGV[10], 'error', ARGV[6],
            'entry', ARGV[11], 'at', ARGV[4])
        end
        if redis.call('EXISTS', KEYS[1]) == 1 then
          redis.call('HSET', KEYS[1], 'status', outcome, 'finished_at', ARGV[4])
          if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'last_error', ARGV[6]) end
          redis.call('EXPIRE', KEYS[1], ARGV[7])
          local unique = redis.call('HGET', KEYS[1], 'unique_key')
          if unique and unique ~= '' and redis.call('GET', ARGV[8] .. unique) == ARGV[9] then
            redis.call('DEL', ARGV[8] .. unique)
          end
        end
        return 1
        """, ScriptOutputType.INTEGER);

    private RedisJobScripts() {
    }
}
