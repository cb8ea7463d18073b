package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.events.nats.JetStreamPublisher;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.PrivateNats;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.nats.client.Connection;
import io.nats.client.JetStreamManagement;
import io.nats.client.JetStreamSubscription;
import io.nats.client.Message;
import io.nats.client.Nats;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The NATS JetStream destination on the machine's NATS: subject per type, the stream made, duplicates absorbed. */
@TestDatabase
class JetStreamEventsTest {

    private static final String NATS = "nats://127.0.0.1:4222";

    @Test
    void eventsArriveOnTheirSubjectAndARetryIsADuplicate() throws Exception {
        String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String prefix = "fxt" + suffix;
        String stream = "FXT_" + suffix;
        try (ApplicationContext context = ApplicationContext.run(Databases.config("JetStreamEventsTest",
                 "fx.events.emit-models", "Parcel", "fx.events.nats.enabled", "true",
                 "fx.events.nats.subject-prefix", prefix, "fx.events.nats.stream", stream,
                 "nats.default.addresses", NATS), "test");
             Connection nats = Nats.connect(NATS)) {
            JetStreamManagement management = nats.jetStreamManagement();
            try {
                String id = (String) context.getBean(Models.class).of("Parcel").create(Map.of("label", "to-nats"))
                    .get("id");
                EventRetryTest.waitUntil(() -> context.getBean(EventOutbox.class).pending("nats") == 0
                    && streamHas(management, stream, 1), "the event is in the stream");
                assertEquals(Duration.ofMinutes(2), management.getStreamInfo(stream).getConfiguration()
                    .getDuplicateWindow());
                JetStreamSubscription subscription = nats.jetStream().subscribe(prefix + ".>");
                Message message = subscription.nextMessage(Duration.ofSeconds(10));
                assertNotNull(message, "a message on " + prefix + ".>");
                assertEquals(prefix + ".parcel.created", message.getSubject());
                assertEquals(EventMessage.CONTENT_TYPE, message.getHeaders().getFirst("Content-Type"));
                String eventId = message.getHeaders().getFirst("Nats-Msg-Id");
                String json = new String(message.getData(), StandardCharsets.UTF_8);
                assertTrue(json.contains("\"id\":\"" + eventId + "\""), json);
                assertTrue(json.contains("\"subject\":\"parcels/" + id + "\""), json);

                EventDestination publisher = context.getBean(JetStreamPublisher.class);
                publisher.deliver(new EventMessage(eventId, "parcel.created", "parcels/" + id, id, message.getData()))
                    .toCompletableFuture().get(10, TimeUnit.SECONDS);
                assertEquals(1, management.getStreamInfo(stream).getStreamState().getMsgCount(),
                    "the same event id again within the window is acknowledged as a duplicate");
            } finally {
                management.deleteStream(stream);
            }
        }
    }

    @Test
    void anOutageLosesNothingAndKeepsOrder() throws Exception {
        Assumptions.assumeTrue(PrivateNats.installed(), "nats-server is on the machine");
        try (PrivateNats server = PrivateNats.start();
             ApplicationContext context = ApplicationContext.run(Databases.config("JetStreamOutageTest",
                 "fx.events.emit-models", "Parcel", "fx.events.nats.enabled", "true",
                 "fx.events.poll-interval", "100ms", "fx.events.initial-backoff", "50ms", "fx.events.max-backoff",
                 "300ms", "fx.events.publish-timeout", "1s", "fx.events.claim-lease", "2s",
                 "nats.default.addresses", server.uri()), "test")) {
            Outage.play(context, "nats", server::stopNow, server::startAgain);
            try (Connection nats = Nats.connect(server.uri())) {
                assertEquals(6, nats.jetStreamManagement().getStreamInfo("FX_EVENTS").getStreamState().getMsgCount(),
                    "each event once, retries absorbed as duplicates");
                JetStreamSubscription subscription = nats.jetStream().subscribe("fx.events.>");
                assertEquals("fx.events.parcel.created", subscription.nextMessage(Duration.ofSeconds(10)).getSubject());
                for (int weight = 1; weight <= 5; weight++) {
                    Message message = subscription.nextMessage(Duration.ofSeconds(10));
                    String json = new String(message.getData(), StandardCharsets.UTF_8);
                    assertTrue(json.contains("\"weight\":" + weight), "in commit order: " + json);
                }
            }
        }
    }

    private static boolean streamHas(JetStreamManagement management, String stream, long count) {
        try {
            return management.getStreamInfo(stream).getStreamState().getMsgCount() == count;
        } catch (Exception e) {
            return false;
        }
    }
}
