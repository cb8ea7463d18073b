package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A destination that hangs (a "NATS server" that accepts connections and never answers) costs its own attempts
 * only: a subscription's events arrive while each NATS attempt waits out the publish timeout, and the NATS
 * deliveries stay pending, none lost.
 */
@TestDatabase
class DestinationIsolationTest {

    @Test
    void aHangingDestinationHoldsBackNoOther() throws Exception {
        List<Socket> accepted = new ArrayList<>();
        try (ServerSocket silent = new ServerSocket(0)) {
            Thread acceptor = new Thread(() -> {
                while (!silent.isClosed()) {
                    try {
                        accepted.add(silent.accept());
                    } catch (Exception e) {
                        return;
                    }
                }
            }, "silent-nats");
            acceptor.setDaemon(true);
            acceptor.start();
            try (ApplicationContext context = ApplicationContext.run(Databases.config("DestinationIsolationTest",
                     "fx.events.emit-models", "Parcel", "fx.events.nats.enabled", "true",
                     "nats.default.addresses", "nats://127.0.0.1:" + silent.getLocalPort(),
                     "fx.events.publish-timeout", "8s", "fx.events.claim-lease", "10s",
                     "fx.events.poll-interval", "100ms"), "test")) {
                Received received = new Received();
                context.getBean(EventBus.class).subscribe(new Subscription("fast", List.of("parcel.created"), received));
                Models models = context.getBean(Models.class);
                for (int i = 0; i < 3; i++) {
                    models.of("Parcel").create(Map.of("label", "isolated-" + i));
                }
                long started = System.nanoTime();
                assertEquals(3, received.await(3).size());
                EventOutbox outbox = context.getBean(EventOutbox.class);
                EventRetryTest.waitUntil(() -> outbox.pending("fast") == 0, "the subscription's deliveries marked");
                long waitedMillis = (System.nanoTime() - started) / 1_000_000;
                assertTrue(waitedMillis < 6_000, "the subscription's deliveries did not wait for NATS's 8 s attempts: "
                    + waitedMillis + " ms");
                assertEquals(3, outbox.pending("nats"), "NATS's deliveries wait, none lost");
            } finally {
                for (Socket socket : accepted) {
                    socket.close();
                }
            }
        }
    }
}
