package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SSRF at delivery: a name (this machine's host name, which resolves to a loopback or private address) passes the
 * startup check, and the guarded resolver refuses it at each attempt, before any traffic ({@code ssrf_refused},
 * failed at once); allowed, the same name and {@code localhost} are delivered to.
 */
@TestDatabase
class WebhookSsrfTest {

    @Test
    void aNameResolvingToARefusedAddressFailsBeforeAnyTraffic() throws Exception {
        String name = InetAddress.getLocalHost().getHostName();
        InetAddress[] addresses = InetAddress.getAllByName(name);
        Assumptions.assumeTrue(!name.equalsIgnoreCase("localhost") && !name.contains(":")
            && java.util.Arrays.stream(addresses).allMatch(a -> a.isLoopbackAddress() || a.isSiteLocalAddress()),
            "the host name resolves to loopback or private addresses only");
        try (WebhookReceiver receiver = new WebhookReceiver(InetAddress.getByName("0.0.0.0"));
             LogCapture log = new LogCapture("io.fx.micronaut.events.webhooks.WebhookPublisher")) {
            List<Object> config = new ArrayList<>(List.of("fx.events.emit-models", "Parcel",
                "fx.events.poll-interval", "100ms"));
            String url = "http://" + name + ":" + receiver.port();
            hook(config, "named", url + "/named", "hook.named", "192.0.2.0/24");
            hook(config, "named-allowed", url + "/named-allowed", "hook.named", addresses[0].getHostAddress() + "/32");
            hook(config, "local-allowed", "http://localhost:" + receiver.port() + "/local", "hook.named",
                "127.0.0.0/8");
            try (ApplicationContext context = ApplicationContext.run(Databases.config("WebhookSsrfTest",
                config.toArray()), "test")) {
                EventOutbox outbox = context.getBean(EventOutbox.class);
                String id = context.getBean(EventBus.class).publish("hook.named", "hooks/1", Map.of("n", 1)).getId();
                EventRetryTest.waitUntil(() -> outbox.failed("named") == 1, "refused, failed without a retry");
                receiver.await("/named-allowed", 1);
                receiver.await("/local", 1);
                EventRetryTest.waitUntil(() -> outbox.pending("named-allowed") == 0
                    && outbox.pending("local-allowed") == 0, "the allowed ones delivered");
                Thread.sleep(300);
                assertEquals(0, receiver.requests("/named").size(), "no traffic to a refused address");
                assertTrue(log.text().contains("Webhook named: event " + id + " failed for good: ssrf_refused: "
                    + name + " resolves to "), log.text());
                assertEquals(0, outbox.failed("named-allowed") + outbox.failed("local-allowed"));
            }
            EventRetryTest.waitUntil(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("fx-webhook-") && t.isAlive()), "the clients closed on shutdown");
        }
    }

    private static void hook(List<Object> config, String name, String url, String pattern, String allowed) {
        String prefix = "fx.events.webhooks." + name + ".";
        config.addAll(List.of(prefix + "url", url, prefix + "patterns", pattern, prefix + "allowed-networks", allowed,
            prefix + "secrets", WebhookDeliveryTest.OLD_SECRET, prefix + "retry-schedule", "50ms,50ms"));
    }
}
