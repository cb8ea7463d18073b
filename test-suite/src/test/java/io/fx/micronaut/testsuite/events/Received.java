package io.fx.micronaut.testsuite.events;

import io.cloudevents.CloudEvent;
import io.fx.micronaut.events.EventHandler;
import io.micronaut.json.JsonMapper;
import io.micronaut.core.type.Argument;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/** A subscription's handler that keeps what it receives, for a test to wait on. */
final class Received implements EventHandler {

    private final LinkedBlockingQueue<CloudEvent> events = new LinkedBlockingQueue<>();

    @Override
    public void handle(CloudEvent event) {
        events.add(event);
    }

    /**
     * @param count how many events to wait for
     * @return them, in the order received
     */
    List<CloudEvent> await(int count) throws InterruptedException {
        List<CloudEvent> got = new ArrayList<>(count);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (got.size() < count) {
            CloudEvent next = events.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (next == null) {
                fail("received " + got.size() + " of " + count + " events: " + types(got));
            }
            got.add(next);
        }
        return got;
    }

    /** Fails if anything arrives within the wait. */
    void assertNothingWithin(Duration wait) throws InterruptedException {
        CloudEvent stray = events.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        assertNull(stray, () -> "unexpected event " + stray.getType() + " " + stray.getSubject());
    }

    static List<String> types(List<CloudEvent> events) {
        return events.stream().map(CloudEvent::getType).toList();
    }

    static Map<String, Object> data(JsonMapper json, CloudEvent event) {
        try {
            return json.readValue(event.getData().toBytes(), Argument.mapOf(String.class, Object.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
