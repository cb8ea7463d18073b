package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.events.cache.FxCache;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.TransactionMiddleware;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.ApplicationEventListener;
import io.fx.micronaut.events.cache.CacheInvalidatedEvent;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The cache tests' application: Parcel writes run in one transaction from the Service step on, a write whose
 * label starts with {@code refuse} is refused after the statement (422, rolled back), and the writes invalidate
 * the caches {@code cache-test.caches} names ({@code parcels} keyed by id, {@code labels} keyed by label), on the
 * step and position {@code cache-test.step} / {@code cache-test.position} (DB, after), for the writes
 * {@code cache-test.operations} names (CREATE, UPDATE, DELETE). It records every
 * {@link CacheInvalidatedEvent}.
 */
@Singleton
@Requires(property = "cache-test", value = "true")
final class CachePipeline implements PipelineConfigurer, ApplicationEventListener<CacheInvalidatedEvent> {

    private final TransactionMiddleware transactions;
    private final FxCache cache;
    private final List<String> caches;
    private final Step step;
    private final boolean after;
    private final Operation[] operations;
    private final List<CacheInvalidatedEvent> events = new CopyOnWriteArrayList<>();

    CachePipeline(TransactionMiddleware transactions, FxCache cache,
                  @Value("${cache-test.caches:parcels,labels}") List<String> caches,
                  @Value("${cache-test.step:DB}") Step step,
                  @Value("${cache-test.after:true}") boolean after,
                  @Value("${cache-test.operations:CREATE,UPDATE,DELETE}") List<String> operations) {
        this.transactions = transactions;
        this.cache = cache;
        this.caches = caches;
        this.step = step;
        this.after = after;
        this.operations = operations.stream().map(Operation::named).toArray(Operation[]::new);
    }

    @Override
    public void configure(MiddlewareRegistry registry) {
        registry.use(Step.SERVICE, transactions, MiddlewareOptions.before().models("Parcel"));
        for (String name : caches) {
            registry.use(step, cache.invalidate(name, name.equals("labels") ? record -> record.get("label")
                : record -> record.get("id")), (after ? MiddlewareOptions.after() : MiddlewareOptions.before())
                .models("Parcel").operations(operations));
        }
        registry.use(Step.DB, (context, next) -> {
            next.next();
            Map<String, Object> body = context.payload().getBody();
            if (body != null && String.valueOf(body.get("label")).startsWith("refuse")) {
                throw ErrorCode.VALIDATION_ERROR.exception("refused after the statement");
            }
        }, MiddlewareOptions.after().models("Parcel").named("RefuseAfterWrite"));
    }

    @Override
    public void onApplicationEvent(CacheInvalidatedEvent event) {
        events.add(event);
    }

    /** @return the invalidations seen so far */
    List<CacheInvalidatedEvent> events() {
        return List.copyOf(events);
    }
}
