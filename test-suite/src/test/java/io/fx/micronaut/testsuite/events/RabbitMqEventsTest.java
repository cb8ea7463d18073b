package io.fx.micronaut.testsuite.events;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TcpProxy;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The RabbitMQ destination on the machine's broker: a durable topic exchange, routing key = type, persistent; and
 * an outage (the broker taken away behind a TCP proxy, then given back) loses nothing and keeps order.
 */
@TestDatabase
class RabbitMqEventsTest {

    private static final String URI = "amqp://guest:guest@127.0.0.1:5672";

    @Test
    void eventsArePublishedToTheExchangeWithTheirTypeAsRoutingKey() throws Exception {
        String exchange = "fxt-" + UUID.randomUUID();
        String queue = exchange + "-q";
        try (ApplicationContext context = ApplicationContext.run(Databases.config("RabbitMqEventsTest",
                 "fx.events.emit-models", "Parcel", "fx.events.rabbitmq.enabled", "true",
                 "fx.events.rabbitmq.exchange", exchange, "fx.events.rabbitmq.queue", queue,
                 "fx.events.rabbitmq.binding", "parcel.#", "rabbitmq.uri", URI), "test");
             com.rabbitmq.client.Connection connection = factory().newConnection();
             Channel channel = connection.createChannel()) {
            try {
                // declared as the publisher declares them (same arguments), so polling cannot run ahead of it
                channel.exchangeDeclare(exchange, "topic", true);
                channel.queueDeclare(queue, true, false, false, null);
                channel.queueBind(queue, exchange, "parcel.#");
                Models models = context.getBean(Models.class);
                String id = (String) models.of("Parcel").create(Map.of("label", "to-rabbit")).get("id");
                models.of("Parcel").delete(id);
                GetResponse created = next(channel, queue);
                GetResponse deleted = next(channel, queue);
                assertEquals("parcel.created", created.getEnvelope().getRoutingKey());
                assertEquals("parcel.deleted", deleted.getEnvelope().getRoutingKey());
                assertEquals(EventMessage.CONTENT_TYPE, created.getProps().getContentType());
                assertEquals(2, created.getProps().getDeliveryMode(), "persistent");
                String json = new String(created.getBody(), StandardCharsets.UTF_8);
                assertTrue(json.contains("\"id\":\"" + created.getProps().getMessageId() + "\""), json);
                assertTrue(json.contains("\"subject\":\"parcels/" + id + "\""), json);
            } finally {
                channel.queueDelete(queue);
                channel.exchangeDelete(exchange);
            }
        }
    }

    @Test
    void anOutageLosesNothingAndKeepsOrder() throws Exception {
        String exchange = "fxt-" + UUID.randomUUID();
        String queue = exchange + "-q";
        try (TcpProxy proxy = TcpProxy.to("127.0.0.1", 5672);
             com.rabbitmq.client.Connection connection = factory().newConnection();
             Channel channel = connection.createChannel()) {
            try {
                channel.exchangeDeclare(exchange, "topic", true);
                channel.queueDeclare(queue, true, false, false, null);
                channel.queueBind(queue, exchange, "parcel.#");
                try (ApplicationContext context = ApplicationContext.run(Databases.config("RabbitMqOutageTest",
                    "fx.events.emit-models", "Parcel", "fx.events.rabbitmq.enabled", "true",
                    "fx.events.rabbitmq.exchange", exchange, "fx.events.poll-interval", "100ms",
                    "fx.events.initial-backoff", "50ms", "fx.events.max-backoff", "300ms",
                    "fx.events.publish-timeout", "1s", "fx.events.claim-lease", "2s",
                    "rabbitmq.uri", "amqp://guest:guest@127.0.0.1:" + proxy.port()), "test")) {
                    Outage.play(context, "rabbitmq", proxy::cut, proxy::restore);
                }
                // at least once: a publish whose confirm the cut swallowed comes again with the same message id
                Map<String, String> firstOfEach = new LinkedHashMap<>();
                while (firstOfEach.size() < 6) {
                    GetResponse message = next(channel, queue);
                    firstOfEach.putIfAbsent(message.getProps().getMessageId(),
                        new String(message.getBody(), StandardCharsets.UTF_8));
                }
                List<String> bodies = new ArrayList<>(firstOfEach.values());
                assertTrue(bodies.get(0).contains("\"type\":\"parcel.created\""), bodies.get(0));
                for (int weight = 1; weight <= 5; weight++) {
                    assertTrue(bodies.get(weight).contains("\"weight\":" + weight), "in commit order: " + bodies);
                }
            } finally {
                channel.queueDelete(queue);
                channel.exchangeDelete(exchange);
            }
        }
    }

    /** @return a client of the machine's broker, as the test itself reads it */
    private static ConnectionFactory factory() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(URI);
        factory.setConnectionTimeout(5_000);
        return factory;
    }

    private static GetResponse next(Channel channel, String queue) throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline) {
            GetResponse response = channel.basicGet(queue, true);
            if (response != null) {
                return response;
            }
            Thread.sleep(50);
        }
        fail("no message in " + queue);
        return null;
    }
}
