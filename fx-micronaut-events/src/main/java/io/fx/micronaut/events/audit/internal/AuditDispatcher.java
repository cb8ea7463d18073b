package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditConfiguration;
import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.fx.micronaut.events.audit.AuditStatistics;
import io.fx.micronaut.events.audit.ReadAuditConfiguration;
import io.fx.micronaut.events.audit.WriteAuditConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Context;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.inject.qualifiers.Qualifiers;
import jakarta.annotation.PreDestroy;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Hands audit records to the sinks {@code fx.audit.write.sink} and {@code fx.audit.read.sink} name, one
 * {@link AuditLane} per kind. Made at startup, so a sink name that matches no sink fails it, naming the key.
 */
@Internal
@Context
final class AuditDispatcher implements AuditStatistics {

    private final ScheduledExecutorService watchdog;
    private final Map<AuditKind, AuditLane> lanes = new EnumMap<>(AuditKind.class);

    AuditDispatcher(BeanContext beans, AuditConfiguration configuration, WriteAuditConfiguration write,
                    ReadAuditConfiguration read) {
        if (configuration.getQueueSize() < 1 || configuration.getThreads() < 1) {
            throw new FxConfigurationException(AuditConfiguration.PREFIX + ".queue-size and "
                + AuditConfiguration.PREFIX + ".threads must be at least 1");
        }
        AuditSink writeSink = sink(beans, WriteAuditConfiguration.PREFIX + ".sink", write.getSink());
        AuditSink readSink = sink(beans, ReadAuditConfiguration.PREFIX + ".sink", read.getSink());
        this.watchdog = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fx-audit-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        lanes.put(AuditKind.WRITE, new AuditLane(AuditKind.WRITE, write.getSink().strip(), writeSink,
            configuration.getThreads(), configuration.getQueueSize(), configuration.getTimeout(), watchdog));
        lanes.put(AuditKind.READ, new AuditLane(AuditKind.READ, read.getSink().strip(), readSink,
            configuration.getThreads(), configuration.getQueueSize(), configuration.getTimeout(), watchdog));
    }

    private static AuditSink sink(BeanContext beans, String key, String name) {
        String wanted = name == null ? "" : name.strip();
        return beans.findBean(AuditSink.class, Qualifiers.byName(wanted)).orElseThrow(() ->
            new FxConfigurationException(key + " names '" + wanted + "', which is no audit sink: use log, redis "
                + "(with micronaut-redis-lettuce), events, or the name of an AuditSink bean (@Named)"));
    }

    /** @param record a record for its kind's sink; never waits */
    void submit(@NonNull AuditRecord record) {
        lanes.get(record.kind()).submit(record);
    }

    @Override
    public long delivered(@NonNull AuditKind kind) {
        return lanes.get(kind).delivered.sum();
    }

    @Override
    public long dropped(@NonNull AuditKind kind) {
        return lanes.get(kind).dropped.sum();
    }

    @Override
    public long failed(@NonNull AuditKind kind) {
        return lanes.get(kind).failed.sum();
    }

    @Override
    public long timedOut(@NonNull AuditKind kind) {
        return lanes.get(kind).timedOut.sum();
    }

    @PreDestroy
    void close() {
        lanes.values().forEach(AuditLane::close);
        watchdog.shutdownNow();
    }
}
