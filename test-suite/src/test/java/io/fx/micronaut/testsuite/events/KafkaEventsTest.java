package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.TcpProxy;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import kafka.testkit.KafkaClusterTestKit;
import kafka.testkit.TestKitNodes;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Kafka destination on a cluster in this process (one combined node of Kafka's own test kit): the record id as
 * key, the CloudEvent as value, a {@code content-type} header; and an outage (the broker taken away behind a TCP
 * proxy it advertises as its address, then given back) loses nothing and keeps order, and the application stops
 * within seconds while the broker is away.
 */
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaEventsTest {

    private KafkaClusterTestKit cluster;

    @BeforeAll
    void startKafka() throws Exception {
        cluster = start(Map.of());
    }

    private static KafkaClusterTestKit start(Map<String, String> extra) throws Exception {
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
            .setConfigProp("offsets.topic.replication.factor", "1")
            .setConfigProp("transaction.state.log.replication.factor", "1")
            .setConfigProp("transaction.state.log.min.isr", "1");
        extra.forEach(builder::setConfigProp);
        KafkaClusterTestKit started = builder.build();
        started.format();
        started.startup();
        started.waitForReadyBrokers();
        return started;
    }

    @AfterAll
    void stopKafka() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void eventsAreSentWithTheRecordIdAsKey() throws Exception {
        String topic = "fxt-" + UUID.randomUUID();
        try (ApplicationContext context = ApplicationContext.run(Databases.config("KafkaEventsTest",
                 "fx.events.emit-models", "Parcel", "fx.events.kafka.enabled", "true", "fx.events.kafka.topic", topic,
                 "kafka.bootstrap.servers", cluster.bootstrapServers()), "test");
             KafkaConsumer<String, byte[]> consumer = consumer()) {
            Models models = context.getBean(Models.class);
            String id = (String) models.of("Parcel").create(Map.of("label", "to-kafka")).get("id");
            for (int weight = 1; weight <= 3; weight++) {
                models.of("Parcel").update(id, Map.of("weight", weight));
            }
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<String, byte[]>> records = poll(consumer, 4);
            for (ConsumerRecord<String, byte[]> record : records) {
                assertEquals(id, record.key());
                assertEquals(EventMessage.CONTENT_TYPE,
                    new String(record.headers().lastHeader("content-type").value(), StandardCharsets.UTF_8));
            }
            List<String> bodies = records.stream().map(r -> new String(r.value(), StandardCharsets.UTF_8)).toList();
            assertTrue(bodies.get(0).contains("\"type\":\"parcel.created\""), bodies.get(0));
            for (int i = 1; i <= 3; i++) {
                assertTrue(bodies.get(i).contains("\"weight\":" + i), "in commit order: " + bodies);
            }
            EventRetryTest.waitUntil(() -> context.getBean(EventOutbox.class).pending("kafka") == 0, "nothing pending");
        }
    }

    @Test
    void anOutageLosesNothingAndKeepsOrder() throws Exception {
        int proxyPort = Ports.free();
        String topic = "fxt-" + UUID.randomUUID();
        try (KafkaClusterTestKit behind = start(Map.of("advertised.listeners", "EXTERNAL://127.0.0.1:" + proxyPort));
             TcpProxy proxy = TcpProxy.on(proxyPort, "127.0.0.1", port(behind.bootstrapServers()))) {
            try (ApplicationContext context = ApplicationContext.run(Databases.config("KafkaOutageTest",
                "fx.events.emit-models", "Parcel", "fx.events.kafka.enabled", "true", "fx.events.kafka.topic", topic,
                "fx.events.poll-interval", "100ms", "fx.events.initial-backoff", "50ms",
                "fx.events.max-backoff", "300ms", "fx.events.publish-timeout", "2s", "fx.events.claim-lease", "4s",
                "kafka.bootstrap.servers", "127.0.0.1:" + proxyPort), "test")) {
                Outage.play(context, "kafka", proxy::cut, proxy::restore);
            }
            // at least once: a record the producer still held when an attempt timed out may come twice (same id)
            try (KafkaConsumer<String, byte[]> consumer = consumer("127.0.0.1:" + proxyPort)) {
                consumer.subscribe(List.of(topic));
                Map<String, String> firstOfEach = new LinkedHashMap<>();
                long deadline = System.currentTimeMillis() + 30_000;
                while (firstOfEach.size() < 6 && System.currentTimeMillis() < deadline) {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                        firstOfEach.putIfAbsent(new String(record.headers().lastHeader("ce_id").value(),
                            StandardCharsets.UTF_8), new String(record.value(), StandardCharsets.UTF_8));
                    }
                }
                List<String> bodies = new ArrayList<>(firstOfEach.values());
                assertEquals(6, bodies.size(), "every event: " + bodies);
                assertTrue(bodies.get(0).contains("\"type\":\"parcel.created\""), bodies.get(0));
                for (int weight = 1; weight <= 5; weight++) {
                    assertTrue(bodies.get(weight).contains("\"weight\":" + weight), "in commit order: " + bodies);
                }
            }
        }
    }

    @Test
    void theApplicationStopsPromptlyWhileTheBrokerIsAway() throws Exception {
        // Kafka's own close() waits for the records its producer buffers up to delivery.timeout.ms (two minutes)
        int proxyPort = Ports.free();
        try (KafkaClusterTestKit behind = start(Map.of("advertised.listeners", "EXTERNAL://127.0.0.1:" + proxyPort));
             TcpProxy proxy = TcpProxy.on(proxyPort, "127.0.0.1", port(behind.bootstrapServers()))) {
            ApplicationContext context = ApplicationContext.run(Databases.config("KafkaStopTest",
                "fx.events.emit-models", "Parcel", "fx.events.kafka.enabled", "true",
                "fx.events.kafka.topic", "fxt-" + UUID.randomUUID(), "fx.events.poll-interval", "100ms",
                "fx.events.publish-timeout", "1s", "fx.events.claim-lease", "2s", "fx.shutdown-timeout", "5s",
                "kafka.bootstrap.servers", "127.0.0.1:" + proxyPort), "test");
            try {
                EventOutbox outbox = context.getBean(EventOutbox.class);
                Models models = context.getBean(Models.class);
                String id = (String) models.of("Parcel").create(Map.of("label", "before")).get("id");
                EventRetryTest.waitUntil(() -> outbox.pending("kafka") == 0, "the first event delivered");
                proxy.cut();
                models.of("Parcel").update(id, Map.of("weight", 1));
                // the relay hands the event to the producer, which holds it: the broker is known but unreachable
                Thread.sleep(1500);
                assertEquals(1, outbox.pending("kafka"), "waiting in the outbox");
            } finally {
                assertTimeoutPreemptively(Duration.ofSeconds(20), context::close);
            }
        }
    }

    private static int port(String bootstrapServers) {
        return Integer.parseInt(bootstrapServers.substring(bootstrapServers.lastIndexOf(':') + 1));
    }

    private KafkaConsumer<String, byte[]> consumer() {
        return consumer(cluster.bootstrapServers());
    }

    private static KafkaConsumer<String, byte[]> consumer(String bootstrapServers) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, "fxt-" + UUID.randomUUID());
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(properties);
    }

    private static List<ConsumerRecord<String, byte[]>> poll(KafkaConsumer<String, byte[]> consumer, int count) {
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 30_000;
        while (records.size() < count && System.currentTimeMillis() < deadline) {
            consumer.poll(Duration.ofMillis(200)).forEach(records::add);
        }
        assertEquals(count, records.size(), "records received");
        return records;
    }
}
