package io.fx.micronaut.testsuite.limits.idempotency;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** How often each test action's handler ran, per name: proves what a replay does not run. */
final class HandlerCalls {

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

    int next(String name) {
        return calls.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
    }

    int count(String name) {
        AtomicInteger count = calls.get(name);
        return count == null ? 0 : count.get();
    }
}
