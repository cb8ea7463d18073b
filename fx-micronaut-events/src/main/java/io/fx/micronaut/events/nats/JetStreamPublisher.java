package io.fx.micronaut.events.nats;

import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventsConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.nats.connect.NatsConnectionFactoryConfig;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.PublishOptions;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import io.nats.client.impl.Headers;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The NATS JetStream destination ({@code fx.events.nats.enabled: true}): each event is published to
 * {@code <subject-prefix>.<type>} with {@code Nats-Msg-Id} set to the event id, so a retry within the stream's
 * duplicate window is acknowledged as a duplicate instead of stored twice. The stream ({@code FX_EVENTS} over
 * {@code <subject-prefix>.>}, a two-minute duplicate window) is created when absent. It connects on its first
 * event with the settings of micronaut-nats's {@code nats.<server>} entry, on a connection of its own that
 * reconnects by itself: the application starts while NATS is down, and an outage only fails attempts.
 *
 * @since 0.7.0
 */
@Singleton
@Requires(classes = {Connection.class, NatsConnectionFactoryConfig.class})
@Requires(property = NatsEventsConfiguration.ENABLED, value = "true")
public final class JetStreamPublisher implements EventDestination {

    private static final Logger LOG = LoggerFactory.getLogger(JetStreamPublisher.class);

    private final NatsEventsConfiguration configuration;
    private final NatsConnectionFactoryConfig server;
    private final Duration timeout;
    private final ExecutorService connector = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "fx-events-nats-connect");
        thread.setDaemon(true);
        return thread;
    });
    private CompletableFuture<JetStream> jetStream;
    private Connection connection;
    private boolean closed;

    JetStreamPublisher(NatsEventsConfiguration configuration, EventsConfiguration events,
                       List<NatsConnectionFactoryConfig> servers) {
        this.configuration = configuration;
        this.timeout = events.getPublishTimeout();
        this.server = servers.stream().filter(s -> configuration.getServer().equals(s.getName())).findFirst()
            .orElseThrow(() -> new FxConfigurationException(NatsEventsConfiguration.ENABLED + " is true, but nats."
                + configuration.getServer() + ".addresses is not configured (the server "
                + NatsEventsConfiguration.PREFIX + ".server names)"));
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
        Headers headers = new Headers().add("Content-Type", EventMessage.CONTENT_TYPE);
        PublishOptions options = PublishOptions.builder().messageId(event.id()).build();
        return jetStream().thenCompose(js -> js.publishAsync(configuration.getSubjectPrefix() + "." + event.type(),
            headers, event.json(), options)).<Void>thenApply(ack -> {
                if (ack.isDuplicate()) {
                    LOG.debug("JetStream acknowledged event {} as a duplicate", event.id());
                }
                return null;
            }).whenComplete((done, failure) -> {
                if (failure != null) {
                    forgetStream();
                }
            });
    }

    /** After a failure the next delivery checks the stream again (it may have been deleted); the connection stays. */
    private synchronized void forgetStream() {
        if (jetStream != null && jetStream.isDone()) {
            jetStream = null;
        }
    }

    private synchronized CompletableFuture<JetStream> jetStream() {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the NATS publisher is closed"));
        }
        if (jetStream == null || jetStream.isCompletedExceptionally()) {
            jetStream = CompletableFuture.supplyAsync(this::connect, connector);
        }
        return jetStream;
    }

    private JetStream connect() {
        try {
            Connection made = connection;
            if (made == null) {
                Options options = server.toOptionsBuilder()
                    .connectionTimeout(timeout)
                    .maxReconnects(-1)
                    .build();
                made = Nats.connect(options);
                synchronized (this) {
                    if (closed) {
                        made.close();
                        throw new IllegalStateException("the NATS publisher is closed");
                    }
                    connection = made;
                }
            }
            ensureStream(made.jetStreamManagement());
            return made.jetStream();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while connecting to NATS", e);
        } catch (Exception e) {
            throw new java.util.concurrent.CompletionException(e);
        }
    }

    private void ensureStream(JetStreamManagement management) throws java.io.IOException, JetStreamApiException {
        try {
            management.getStreamInfo(configuration.getStream());
        } catch (JetStreamApiException e) {
            if (e.getErrorCode() != 404) {
                throw e;
            }
            try {
                management.addStream(StreamConfiguration.builder()
                    .name(configuration.getStream())
                    .subjects(configuration.getSubjectPrefix() + ".>")
                    .storageType(StorageType.File)
                    .duplicateWindow(configuration.getDuplicateWindow())
                    .build());
                LOG.info("Created the JetStream stream {} over {}.>", configuration.getStream(),
                    configuration.getSubjectPrefix());
            } catch (JetStreamApiException raced) {
                management.getStreamInfo(configuration.getStream());
            }
        }
    }

    @PreDestroy
    void close() throws InterruptedException {
        Connection open;
        synchronized (this) {
            closed = true;
            open = connection;
        }
        connector.shutdownNow();
        if (open != null) {
            open.close();
        }
    }
}
