package io.fx.micronaut.events.kafka;

import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.micronaut.configuration.kafka.ProducerRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.type.Argument;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The Kafka destination ({@code fx.events.kafka.enabled: true}): each event is sent to the topic with the record
 * id as key (a record's events share a partition, so they stay in order) and a {@code content-type} header, by
 * micronaut-kafka's producer {@code fx-events} ({@code kafka.bootstrap.servers}, and
 * {@code kafka.producers.fx-events.*} for its own settings; this module defaults it to {@code acks=all} and
 * idempotence). The broker's acknowledgement completes the delivery.
 *
 * @since 0.7.0
 */
@Singleton
@Requires(classes = {ProducerRegistry.class, Producer.class})
@Requires(property = KafkaEventsConfiguration.ENABLED, value = "true")
public final class KafkaPublisher implements EventDestination {

    /** Sends waiting for the sender; more are refused (a failed attempt) rather than piled up during an outage. */
    private static final int QUEUE = 1000;
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(3);
    private static final byte[] CONTENT_TYPE = EventMessage.CONTENT_TYPE.getBytes(StandardCharsets.UTF_8);

    private final KafkaEventsConfiguration configuration;
    private final ProducerRegistry producers;
    private final ThreadPoolExecutor sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
        new ArrayBlockingQueue<>(QUEUE), runnable -> {
            Thread thread = new Thread(runnable, "fx-events-kafka");
            thread.setDaemon(true);
            return thread;
        });
    private volatile Producer<String, byte[]> producer;

    KafkaPublisher(KafkaEventsConfiguration configuration, ProducerRegistry producers) {
        this.configuration = configuration;
        this.producers = producers;
    }

    @Override
    @NonNull
    public String name() {
        return configuration.getName();
    }

    @Override
    @NonNull
    public List<String> patterns() {
        return configuration.getPatterns();
    }

    @Override
    @NonNull
    public CompletionStage<Void> deliver(@NonNull EventMessage event) {
        CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(configuration.getTopic(), event.recordId(),
            event.json());
        record.headers().add("content-type", CONTENT_TYPE);
        record.headers().add("ce_id", event.id().getBytes(StandardCharsets.UTF_8));
        try {
            // send blocks while the cluster's metadata is unknown (a broker outage): not on the relay's thread
            sender.execute(() -> {
                if (acknowledged.isDone()) {
                    return; // the relay gave up on this attempt (timeout) while it waited here
                }
                try {
                    producer().send(record, (metadata, failure) -> {
                        if (failure == null) {
                            acknowledged.complete(null);
                        } else {
                            acknowledged.completeExceptionally(failure);
                        }
                    });
                } catch (RuntimeException e) {
                    acknowledged.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            acknowledged.completeExceptionally(e);
        }
        return acknowledged;
    }

    /**
     * Stops the sender, then closes the producer within {@link #CLOSE_TIMEOUT}: micronaut-kafka's registry closes it
     * later with Kafka's {@code close()}, which waits for every buffered record up to {@code delivery.timeout.ms}
     * (two minutes by default) while the broker is away. Records it still held fail; their deliveries stay pending
     * in the outbox and are sent again.
     */
    @PreDestroy
    void close() {
        sender.shutdownNow();
        Producer<String, byte[]> made = producer;
        if (made != null) {
            made.close(CLOSE_TIMEOUT);
        }
    }

    private Producer<String, byte[]> producer() {
        Producer<String, byte[]> current = producer;
        if (current == null) {
            synchronized (this) {
                current = producer;
                if (current == null) {
                    current = producers.getProducer(KafkaEventsConfiguration.PRODUCER, Argument.STRING,
                        Argument.of(byte[].class));
                    producer = current;
                }
            }
        }
        return current;
    }
}
