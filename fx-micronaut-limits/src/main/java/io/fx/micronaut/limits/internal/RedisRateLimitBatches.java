package io.fx.micronaut.limits.internal;

import io.lettuce.core.ScriptOutputType;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Sends the rate limit checks of concurrent requests to Redis together: a check made while none is under way goes at
 * once, alone; the checks made while one is under way wait for it and then go as one script call. Under load a call
 * carries several checks (one command, one system call pair, one script run), and a lone request waits no longer
 * than it would have.
 */
final class RedisRateLimitBatches {

    /**
     * Takes one request from each key unless its window's are used up; per key three numbers: consumed 1|0,
     * remaining, ms to the window's end. {@code ARGV} holds each key's limit and window (ms) in turn.
     */
    private static final RedisScript CONSUME = RedisScript.of("""
        local out = {}
        for i, key in ipairs(KEYS) do
          local limit = tonumber(ARGV[2 * i - 1])
          local window = ARGV[2 * i]
          local count = tonumber(redis.call('GET', key) or '0')
          local ttl
          if count >= limit then
            ttl = redis.call('PTTL', key)
            if ttl < 0 then
              redis.call('PEXPIRE', key, window)
              ttl = tonumber(window)
            end
            out[#out + 1] = 0
            out[#out + 1] = 0
          else
            count = redis.call('INCR', key)
            ttl = tonumber(window)
            if count == 1 then
              redis.call('PEXPIRE', key, window)
            else
              ttl = redis.call('PTTL', key)
              if ttl < 0 then
                redis.call('PEXPIRE', key, window)
                ttl = tonumber(window)
              end
            end
            out[#out + 1] = 1
            out[#out + 1] = limit - count
          end
          out[#out + 1] = ttl
        end
        return out
        """);

    private final LimitsRedis redis;
    private final Duration timeout;
    private final Object lock = new Object();
    private List<Check> waiting = new ArrayList<>();
    private boolean sending;

    RedisRateLimitBatches(LimitsRedis redis, Duration timeout) {
        this.redis = redis;
        this.timeout = timeout;
    }

    /**
     * @param key    the Redis key
     * @param limit  the requests per window
     * @param window the window in ms
     * @return consumed 1|0, remaining, ms to the window's end; to come
     */
    CompletableFuture<long[]> check(String key, long limit, long window) {
        Check check = new Check(key, limit, window, new CompletableFuture<>());
        List<Check> batch = null;
        synchronized (lock) {
            waiting.add(check);
            if (!sending) {
                sending = true;
                batch = waiting;
                waiting = new ArrayList<>();
            }
        }
        if (batch != null) {
            send(batch);
        }
        return check.result;
    }

    /**
     * Sends a batch, and then the checks made meanwhile, until none are waiting. A call that has already finished
     * (Redis refused it at once, as while disconnected) is answered in this loop, not in a nested call, so an outage
     * under load never deepens the stack.
     */
    private void send(List<Check> first) {
        List<Check> batch = first;
        while (batch != null) {
            List<Check> sent = batch;
            CompletableFuture<List<Object>> call = call(sent);
            if (!call.isDone()) {
                call.whenComplete((answer, failure) -> {
                    try {
                        answer(sent, answer, failure);
                    } finally {
                        List<Check> next = takeWaiting();
                        if (next != null) {
                            send(next);
                        }
                    }
                });
                return;
            }
            try {
                answer(sent, call.getNow(null), null);
            } catch (CompletionException | CancellationException e) {
                answer(sent, null, e.getCause() == null ? e : e.getCause());
            }
            batch = takeWaiting();
        }
    }

    private CompletableFuture<List<Object>> call(List<Check> batch) {
        String[] keys = new String[batch.size()];
        byte[][] args = new byte[batch.size() * 2][];
        for (int i = 0; i < batch.size(); i++) {
            Check check = batch.get(i);
            keys[i] = check.key;
            args[2 * i] = Long.toString(check.limit).getBytes(StandardCharsets.US_ASCII);
            args[2 * i + 1] = Long.toString(check.window).getBytes(StandardCharsets.US_ASCII);
        }
        return redis.submit(timeout, connection -> CONSUME.<List<Object>>run(connection, ScriptOutputType.MULTI, keys, args));
    }

    /** Completes each check of a batch; an answer that cannot be read fails the checks it does not cover. */
    private static void answer(List<Check> batch, List<Object> answer, Throwable failure) {
        for (int i = 0; i < batch.size(); i++) {
            CompletableFuture<long[]> result = batch.get(i).result;
            try {
                if (failure != null) {
                    result.completeExceptionally(failure);
                } else {
                    result.complete(new long[] {((Number) answer.get(3 * i)).longValue(),
                        ((Number) answer.get(3 * i + 1)).longValue(), ((Number) answer.get(3 * i + 2)).longValue()});
                }
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        }
    }

    /** @return the checks made while the last batch was under way, or null after marking nothing under way */
    private List<Check> takeWaiting() {
        synchronized (lock) {
            if (waiting.isEmpty()) {
                sending = false;
                return null;
            }
            List<Check> next = waiting;
            waiting = new ArrayList<>();
            return next;
        }
    }

    /** One request's check. */
    private record Check(String key, long limit, long window, CompletableFuture<long[]> result) {
    }
}
