package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.events.webhooks.WebhookPublisher;
import io.fx.micronaut.testsuite.events.WebhookReceiver.Answer;
import io.fx.micronaut.testsuite.events.WebhookReceiver.Request;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.type.Argument;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Webhooks against a loopback receiver (the JDK's {@code HttpServer}), one application with a webhook per
 * scenario, each listening to an event type of its own: signatures (two secrets, as in a rotation), every class of
 * answer, the retry schedule, {@code Retry-After}, a timeout and a refused connection.
 */
@TestDatabase
class WebhookDeliveryTest {

    static final String OLD_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    static final String NEW_SECRET = "whsec_" + java.util.Base64.getEncoder().encodeToString(
        "a fresh secret of thirty-two by".getBytes());
    private static final String LOGGER = "io.fx.micronaut.events.webhooks.WebhookPublisher";
    private static final long BUSY_LATENCY_MS = 800;
    private static final int BUSY_EVENTS = 48;

    private static WebhookReceiver receiver;
    private static EmbeddedServer server;
    private static ApplicationContext context;
    private static LogCapture log;
    private static EventBus bus;
    private static EventOutbox outbox;

    /** The application's Micrometer registry, where webhook attempts are counted. */
    @Factory
    @Requires(property = "spec.name", value = "WebhookDeliveryTest")
    static class Meters {
        @Singleton
        MeterRegistry registry() {
            return new SimpleMeterRegistry();
        }
    }

    @BeforeAll
    static void start() throws Exception {
        receiver = new WebhookReceiver();
        log = new LogCapture(LOGGER);
        List<Object> config = new ArrayList<>(List.of("fx.events.emit-models", "Parcel",
            "fx.events.poll-interval", "100ms"));
        webhook(config, "ok", receiver.url("/ok"), "parcel.created", "50ms",
            "secrets", List.of(OLD_SECRET, NEW_SECRET), "headers.X-Tenant", "acme");
        webhook(config, "redirect", receiver.url("/redirect"), "hook.redirect", null);
        webhook(config, "gone", receiver.url("/gone"), "hook.gone", "50ms");
        webhook(config, "rejected", receiver.url("/rejected"), "hook.rejected", "50ms");
        webhook(config, "flaky", receiver.url("/flaky"), "hook.flaky", "50ms,50ms,50ms,50ms,50ms");
        webhook(config, "throttled", receiver.url("/throttled"), "hook.throttled", "50ms,50ms");
        webhook(config, "slow", receiver.url("/slow"), "hook.slow", "50ms", "timeout", "400ms");
        webhook(config, "refused", "http://127.0.0.1:" + Ports.free() + "/nobody", "hook.refused", "50ms,50ms");
        webhook(config, "spent", receiver.url("/spent"), "hook.spent", "200ms,400ms");
        webhook(config, "logged", receiver.url("/logged"), "hook.logged", "50ms");
        webhook(config, "busy", receiver.url("/busy"), "hook.busy", "50ms", "timeout", "2s");
        receiver.always("/redirect", Answer.of(302, "Location", "/ok-target"))
            .always("/gone", Answer.of(410))
            .always("/rejected", Answer.of(422))
            .script("/flaky", Answer.of(408), Answer.of(429), Answer.of(500), Answer.of(503))
            .script("/slow", Answer.slow(200, 3_000))
            .always("/spent", Answer.of(500))
            .always("/logged", Answer.of(500))
            .always("/busy", Answer.slow(204, BUSY_LATENCY_MS));
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config("WebhookDeliveryTest",
            config.toArray()), "test");
        context = server.getApplicationContext();
        bus = context.getBean(EventBus.class);
        outbox = context.getBean(EventOutbox.class);
    }

    private static void webhook(List<Object> config, String name, String url, String pattern, String schedule,
                                Object... more) {
        String prefix = "fx.events.webhooks." + name + ".";
        config.addAll(List.of(prefix + "url", url, prefix + "patterns", pattern,
            prefix + "allowed-networks", "127.0.0.0/8"));
        if (schedule != null) {
            config.addAll(List.of(prefix + "retry-schedule", schedule));
        }
        if (!List.of(more).contains("secrets")) {
            config.addAll(List.of(prefix + "secrets", List.of(OLD_SECRET)));
        }
        for (int i = 0; i < more.length; i += 2) {
            config.addAll(List.of(prefix + more[i], more[i + 1]));
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        receiver.close();
        log.close();
    }

    @Test
    void aWriteIsPostedAsItsCloudEventSignedWithEverySecret() throws Exception {
        String id = new Api(server).create("/api/parcels", Map.of("label", "hooked", "pin", "pin-31337",
            "secret", "s3cret-value"));
        Request request = awaitSubject("/ok", "parcels/" + id);
        assertEquals("application/cloudevents+json", request.header("Content-Type"));
        assertEquals("acme", request.header("X-Tenant"), "a configured header");
        Map<String, Object> event = context.getBean(JsonMapper.class).readValue(request.body(),
            Argument.mapOf(String.class, Object.class));
        assertEquals("parcel.created", event.get("type"));
        assertEquals("parcels/" + id, event.get("subject"));
        assertEquals(event.get("id"), request.header("webhook-id"), "webhook-id is the event id");
        long timestamp = Long.parseLong(request.header("webhook-timestamp"));
        assertTrue(Math.abs(System.currentTimeMillis() / 1000 - timestamp) < 60, "the attempt's time, in seconds");
        assertFalse(request.text().contains("pin-31337") || request.text().contains("s3cret-value"), "redacted");
        String[] signatures = request.header("webhook-signature").split(" ");
        assertEquals(2, signatures.length, "one signature per secret");
        assertTrue(signatures[0].startsWith("v1,") && signatures[1].startsWith("v1,"));
        request.verify(OLD_SECRET);
        request.verify(NEW_SECRET);
        assertThrows(Exception.class, () -> request.verify("whsec_" + java.util.Base64.getEncoder()
            .encodeToString("another secret of thirty-two by".getBytes())), "a wrong secret does not verify");
        EventRetryTest.waitUntil(() -> outbox.pending("ok") == 0, "delivered");
        assertEquals(0, outbox.failed("ok"));
        assertTrue(count("ok", "delivered", "none") >= 1.0, "counted");
    }

    @Test
    void aRedirectIsNotFollowedAndFailsTheDelivery() throws Exception {
        String id = bus.publish("hook.redirect", "hooks/1", Map.of("n", 1)).getId();
        receiver.await("/redirect", 1);
        EventRetryTest.waitUntil(() -> outbox.failed("redirect") == 1, "failed without a retry");
        Thread.sleep(300);
        assertEquals(1, receiver.requests("/redirect").size(), "not retried");
        assertEquals(0, receiver.requests("/ok-target").size(), "the redirect is not followed");
        assertTrue(log.text().contains("Webhook redirect: event " + id + " failed for good"), log.text());
        assertTrue(log.text().contains("status 302 (redirects are not followed)"), log.text());
        WebhookPublisher publisher = context.getBean(WebhookPublisher.class, Qualifiers.byName("redirect"));
        assertEquals(Optional.of(List.of(Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30),
            Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10), Duration.ofHours(14), Duration.ofHours(20),
            Duration.ofHours(24))), publisher.retrySchedule(), "the Standard Webhooks schedule by default");
        assertEquals(Optional.of(Duration.ofSeconds(16)), publisher.deliveryTimeout(), "15 s and a second");
    }

    @Test
    void goneFailsTheDeliveryAndDisablesTheWebhookUntilRestart() throws Exception {
        String first = bus.publish("hook.gone", "hooks/1", Map.of("n", 1)).getId();
        receiver.await("/gone", 1);
        EventRetryTest.waitUntil(() -> outbox.failed("gone") == 1, "failed without a retry");
        WebhookPublisher publisher = context.getBean(WebhookPublisher.class, Qualifiers.byName("gone"));
        assertTrue(publisher.isDisabled());
        assertTrue(log.events().stream().anyMatch(e -> e.getLevel().toString().equals("WARN")
            && e.getFormattedMessage().equals("Webhook gone answered 410 Gone for event " + first
            + ": disabled until the application restarts")), log.text());
        bus.publish("hook.gone", "hooks/2", Map.of("n", 2));
        EventRetryTest.waitUntil(() -> outbox.failed("gone") == 2, "the next one fails at once");
        assertEquals(1, receiver.requests("/gone").size(), "a disabled webhook sends nothing");
        assertEquals(1.0, count("gone", "failed", "disabled"));
        assertEquals(1.0, count("gone", "failed", "410"));
    }

    @Test
    void anotherClientErrorFailsAtOnce() throws Exception {
        String id = bus.publish("hook.rejected", "hooks/1", Map.of("n", 1)).getId();
        receiver.await("/rejected", 1);
        EventRetryTest.waitUntil(() -> outbox.failed("rejected") == 1, "failed without a retry");
        Thread.sleep(300);
        assertEquals(1, receiver.requests("/rejected").size());
        assertTrue(log.text().contains("Webhook rejected: event " + id + " failed for good: status 422"),
            log.text());
    }

    @Test
    void requestTimeoutThrottlingAndServerErrorsAreRetriedUnderTheSameId() throws Exception {
        String id = bus.publish("hook.flaky", "hooks/1", Map.of("n", 1)).getId();
        List<Request> attempts = receiver.await("/flaky", 5);
        EventRetryTest.waitUntil(() -> outbox.pending("flaky") == 0, "delivered at the fifth attempt");
        assertEquals(0, outbox.failed("flaky"));
        for (Request attempt : attempts) {
            assertEquals(id, attempt.header("webhook-id"), "the same id on every retry");
            attempt.verify(OLD_SECRET);
        }
        for (String status : List.of("408", "429", "500", "503")) {
            assertEquals(1.0, count("flaky", "retried", status), status);
        }
        assertEquals(1.0, count("flaky", "delivered", "none"));
    }

    @Test
    void retryAfterIsHonouredInSecondsAndAsADate() throws Exception {
        receiver.script("/throttled", Answer.of(429, "Retry-After", "1"),
            Answer.of(503, "Retry-After", DateTimeFormatter.RFC_1123_DATE_TIME.format(
                ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(4))));
        bus.publish("hook.throttled", "hooks/1", Map.of("n", 1));
        List<Request> attempts = receiver.await("/throttled", 3);
        EventRetryTest.waitUntil(() -> outbox.pending("throttled") == 0, "delivered at the third attempt");
        long first = TimeUnit.NANOSECONDS.toMillis(attempts.get(1).receivedAtNanos() - attempts.get(0).receivedAtNanos());
        long second = TimeUnit.NANOSECONDS.toMillis(attempts.get(2).receivedAtNanos() - attempts.get(1).receivedAtNanos());
        assertTrue(first >= 950, "Retry-After: 1 waits a second, not the schedule's 50 ms: " + first);
        assertTrue(second >= 1_000, "Retry-After: <a date about 3 s ahead> waits for it: " + second);
    }

    @Test
    void aSlowAnswerTimesOutAndIsRetried() throws Exception {
        bus.publish("hook.slow", "hooks/1", Map.of("n", 1));
        List<Request> attempts = receiver.await("/slow", 2);
        EventRetryTest.waitUntil(() -> outbox.pending("slow") == 0, "delivered at the second attempt");
        assertEquals(0, outbox.failed("slow"));
        long gap = TimeUnit.NANOSECONDS.toMillis(attempts.get(1).receivedAtNanos() - attempts.get(0).receivedAtNanos());
        assertTrue(gap < 2_500, "the first attempt was given up after the 400 ms timeout, not waited out: " + gap);
        assertTrue(log.text().contains("Webhook slow: event"), log.text());
        assertTrue(log.text().contains("timeout: no answer within PT0.4S"), log.text());
        assertEquals(1.0, count("slow", "retried", "timeout"));
    }

    /**
     * A batch larger than a small connection pool: all of it is sent at once, so no delivery spends its timeout
     * waiting for a connection. With 16 connections the third round of 16 would start 1.6 s in and be given up at
     * the 2 s timeout (sent again, and delivered twice where it had reached the receiver).
     */
    @Test
    void aWholeBatchIsSentAtOnceSoNoDeliveryWaitsForAConnectionWhileItsTimeoutRuns() throws Exception {
        context.getBean(io.fx.micronaut.db.Transactions.class).inTransaction(() -> {
            for (int i = 0; i < BUSY_EVENTS; i++) {
                bus.publish("hook.busy", "busy/" + i, Map.of("n", i));
            }
            return null;
        });
        List<Request> received = receiver.await("/busy", BUSY_EVENTS);
        EventRetryTest.waitUntil(() -> outbox.pending("busy") == 0, "all delivered");
        Thread.sleep(300);
        received = receiver.requests("/busy");
        assertEquals(BUSY_EVENTS, received.size(), "one request per event, none sent again");
        assertEquals(BUSY_EVENTS, received.stream().map(request -> request.header("webhook-id")).distinct().count());
        assertEquals(0.0, count("busy", "retried", "timeout"), "no attempt timed out");
        long first = received.stream().mapToLong(Request::receivedAtNanos).min().orElseThrow();
        long last = received.stream().mapToLong(Request::receivedAtNanos).max().orElseThrow();
        assertTrue(TimeUnit.NANOSECONDS.toMillis(last - first) < BUSY_LATENCY_MS,
            "every request reached the receiver before the first was answered: "
                + TimeUnit.NANOSECONDS.toMillis(last - first) + " ms");
    }

    @Test
    void aRefusedConnectionIsRetriedThenMarkedFailed() throws Exception {
        String id = bus.publish("hook.refused", "hooks/1", Map.of("n", 1)).getId();
        EventRetryTest.waitUntil(() -> outbox.failed("refused") == 1, "failed after the schedule");
        assertEquals(3.0, count("refused", "retried", "connection"), "three attempts for a schedule of two");
        assertTrue(log.text().contains("Webhook refused: event " + id + " attempt failed, to be retried: "
            + "connection error"), log.text());
    }

    @Test
    void theScheduleSpacesTheAttemptsThenTheDeliveryFails() throws Exception {
        bus.publish("hook.spent", "hooks/1", Map.of("n", 1));
        List<Request> attempts = receiver.await("/spent", 3);
        EventRetryTest.waitUntil(() -> outbox.failed("spent") == 1, "failed after the schedule");
        Thread.sleep(700);
        assertEquals(3, receiver.requests("/spent").size(), "no fourth attempt");
        long first = TimeUnit.NANOSECONDS.toMillis(attempts.get(1).receivedAtNanos() - attempts.get(0).receivedAtNanos());
        long second = TimeUnit.NANOSECONDS.toMillis(attempts.get(2).receivedAtNanos() - attempts.get(1).receivedAtNanos());
        assertTrue(first >= 160, "200 ms less at most 20%: " + first);
        assertTrue(second >= 320, "400 ms less at most 20%: " + second);
        assertEquals(3.0, count("spent", "retried", "500"));
    }

    @Test
    void noSecretOrBodyReachesTheLog() throws Exception {
        try (LogCapture relay = new LogCapture("io.fx.micronaut.events")) {
            String id = new Api(server).create("/api/parcels", Map.of("label", "logged-label-zz9"));
            awaitSubject("/ok", "parcels/" + id);
            bus.publish("hook.logged", "hooks/9", Map.of("marker", "body-marker-qq7"));
            EventRetryTest.waitUntil(() -> outbox.failed("logged") == 1, "failed after the schedule");
            String all = log.text() + "\n" + relay.text();
            assertTrue(relay.text().contains("could not be delivered to logged after 2 attempts; marked failed: "
                + "status 500"), all);
            for (String secret : List.of(OLD_SECRET.substring(6), NEW_SECRET.substring(6), "body-marker-qq7",
                "logged-label-zz9", "acme")) {
                assertFalse(all.contains(secret), secret + " in " + all);
            }
        }
        assertFalse(context.getBean(io.fx.micronaut.events.webhooks.WebhookConfiguration.class,
            Qualifiers.byName("ok")).toString().contains("whsec_"), "no secret in the configuration's toString");
    }

    private static Request awaitSubject(String path, String subject) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            for (Request request : receiver.requests(path)) {
                if (request.text().contains("\"subject\":\"" + subject + "\"")) {
                    return request;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError(path + " received nothing about " + subject);
    }

    private static double count(String webhook, String outcome, String reason) {
        var counter = context.getBean(MeterRegistry.class).find("fx.events.webhook.attempts")
            .tags("webhook", webhook, "outcome", outcome, "reason", reason).counter();
        return counter == null ? 0 : counter.count();
    }
}
