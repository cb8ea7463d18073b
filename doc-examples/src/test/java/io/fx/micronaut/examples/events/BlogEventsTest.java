package io.fx.micronaut.examples.events;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.examples.security.BlogServer;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.nats.client.Connection;
import io.nats.client.JetStreamSubscription;
import io.nats.client.Message;
import io.nats.client.Nats;
import kafka.testkit.KafkaClusterTestKit;
import kafka.testkit.TestKitNodes;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The blog with {@code BLOG_EVENTS=true} and all four brokers, black-box: a post's writes reach Redis, NATS
 * JetStream, RabbitMQ and Kafka (in this process), a published post without a slug is refused after its insert
 * and emits nothing, and the {@code publish} action publishes {@code post.published}.
 */
class BlogEventsTest {

    private static final Argument<Map<String, Object>> MAP = Argument.mapOf(String.class, Object.class);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void theBlogsWritesReachAllFourBrokers() throws Exception {
        String run = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String stream = "blog-" + run;
        String prefix = "blog" + run;
        String natsStream = "BLOG_" + run;
        String exchange = "blog-" + run;
        String queue = exchange + "-q";
        String topic = "blog-" + run;
        KafkaClusterTestKit kafka = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
            .setConfigProp("offsets.topic.replication.factor", "1").build();
        ConnectionFactory rabbitFactory = new ConnectionFactory();
        rabbitFactory.setUri("amqp://guest:guest@127.0.0.1:5672");
        try (KafkaClusterTestKit cluster = started(kafka);
             com.rabbitmq.client.Connection rabbit = rabbitFactory.newConnection();
             Channel channel = rabbit.createChannel();
             Connection nats = Nats.connect("nats://127.0.0.1:4222");
             RedisClient redisClient = RedisClient.create("redis://127.0.0.1:6379");
             StatefulRedisConnection<String, String> redis = redisClient.connect()) {
            channel.exchangeDeclare(exchange, "topic", true);
            channel.queueDeclare(queue, true, false, false, null);
            channel.queueBind(queue, exchange, "post.#");
            try (BlogServer blog = BlogServer.start(Map.of("BLOG_EVENTS", "true",
                     "BLOG_REDIS_URL", "redis://127.0.0.1:6379", "BLOG_EVENTS_STREAM", stream,
                     "BLOG_NATS_URL", "nats://127.0.0.1:4222", "BLOG_EVENTS_SUBJECT_PREFIX", prefix,
                     "BLOG_EVENTS_NATS_STREAM", natsStream,
                     "BLOG_RABBITMQ_URI", "amqp://guest:guest@127.0.0.1:5672", "BLOG_EVENTS_EXCHANGE", exchange,
                     "BLOG_KAFKA_BOOTSTRAP", cluster.bootstrapServers(), "BLOG_EVENTS_TOPIC", topic));
                 KafkaConsumer<String, byte[]> consumer = consumer(cluster.bootstrapServers())) {
                JsonMapper json = blog.context().getBean(JsonMapper.class);
                HttpResponse<String> refused = send(blog, "POST", "/api/posts",
                    "{\"title\":\"t\",\"body\":\"b\",\"status\":\"published\"}");
                assertEquals(422, refused.statusCode(), refused.body());
                assertTrue(refused.body().contains("\"slug\""), refused.body());

                HttpResponse<String> created = send(blog, "POST", "/api/posts",
                    "{\"title\":\"Events\",\"body\":\"b\",\"slug\":\"events-" + run + "\"}");
                assertEquals(201, created.statusCode(), created.body());
                @SuppressWarnings("unchecked")
                String id = (String) ((Map<String, Object>) json.readValue(created.body(), MAP).get("data")).get("id");
                assertEquals(200, send(blog, "POST", "/api/posts/" + id + "/publish", "").statusCode());

                EventOutbox outbox = blog.context().getBean(EventOutbox.class);
                waitUntil(() -> List.of("redis", "nats", "rabbitmq", "kafka").stream()
                    .allMatch(destination -> outbox.pending(destination) == 0 && outbox.failed(destination) == 0),
                    "every destination delivered");
                List<String> expected = List.of("post.created", "post.updated", "post.published");

                List<StreamMessage<String, String>> entries = redis.sync().xrange(stream, Range.create("-", "+"));
                assertEquals(expected, entries.stream().map(e -> e.getBody().get("type")).toList(), "Redis");
                Map<String, Object> event = json.readValue(entries.get(0).getBody().get("event"), MAP);
                assertEquals("/blog", event.get("source"));
                assertEquals("posts/" + id, event.get("subject"));

                JetStreamSubscription subscription = nats.jetStream().subscribe(prefix + ".>");
                List<String> natsSubjects = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    Message message = subscription.nextMessage(Duration.ofSeconds(10));
                    assertNotNull(message, "NATS message " + i);
                    natsSubjects.add(message.getSubject());
                }
                assertEquals(expected.stream().map(type -> prefix + "." + type).toList(), natsSubjects, "NATS");

                List<String> rabbitKeys = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    GetResponse response = channel.basicGet(queue, true);
                    assertNotNull(response, "RabbitMQ message " + i);
                    rabbitKeys.add(response.getEnvelope().getRoutingKey());
                }
                assertEquals(expected, rabbitKeys, "RabbitMQ");

                consumer.subscribe(List.of(topic));
                List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
                long deadline = System.currentTimeMillis() + 30_000;
                while (records.size() < 3 && System.currentTimeMillis() < deadline) {
                    consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                }
                assertEquals(3, records.size(), "Kafka");
                for (int i = 0; i < 3; i++) {
                    assertEquals(id, records.get(i).key());
                    Map<String, Object> value = json.readValue(records.get(i).value(), MAP);
                    assertEquals(expected.get(i), value.get("type"));
                }
            } finally {
                redis.sync().del(stream);
                channel.queueDelete(queue);
                channel.exchangeDelete(exchange);
                try {
                    nats.jetStreamManagement().deleteStream(natsStream);
                } catch (Exception e) {
                    // not created
                }
            }
        }
    }

    private static KafkaClusterTestKit started(KafkaClusterTestKit cluster) throws Exception {
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            return cluster;
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
    }

    private static KafkaConsumer<String, byte[]> consumer(String bootstrap) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, "blog-" + UUID.randomUUID());
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(properties);
    }

    private HttpResponse<String> send(BlogServer blog, String method, String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(blog.url() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static void waitUntil(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                fail("timed out waiting until " + what);
            }
            Thread.sleep(50);
        }
    }
}
