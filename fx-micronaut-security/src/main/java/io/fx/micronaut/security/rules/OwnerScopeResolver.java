package io.fx.micronaut.security.rules;

import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.security.rules.OwnerScope;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Holds the {@code requireOwner()} rules in the storage layer. Writes: the rules of the model's route for the
 * same write operation restrict every write of the model, whatever route, accessor, action or referential
 * action makes it (an anonymous caller may write no owned row, the system every one). Reads: within a request
 * the rule covers, a read of the owned model by id finds only the caller's records; other reads (lists,
 * includes) are not restricted.
 */
@Singleton
final class OwnerScopeResolver implements ScopeResolver {

    private static final Map<WriteOperation, Operation> ROUTES = Map.of(
        WriteOperation.CREATE, Operation.CREATE, WriteOperation.UPDATE, Operation.UPDATE,
        WriteOperation.DELETE, Operation.DELETE);

    private final BeanProvider<MiddlewareInventory> inventory;
    private final Map<String, Map<WriteOperation, List<RequireOwner>>> rules = new ConcurrentHashMap<>();

    OwnerScopeResolver(BeanProvider<MiddlewareInventory> inventory) {
        this.inventory = inventory;
    }

    /** Decided once per model: whether an owner rule covers any of its operations, its sub-resources' included. */
    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        return inventory.get().operations().stream().anyMatch(operation -> !owners(model, operation).isEmpty());
    }

    @Override
    @NonNull
    public RecordScope resolve(@NonNull ModelDescriptor model, @NonNull StorageContext context) {
        OwnerScope owner = context.getAttribute(OwnerScope.KEY).orElse(null);
        if (owner != null && owner.model().equals(model.getName())) {
            return RecordScope.of(model).eq(owner.field(), owner.userId()).build();
        }
        return RecordScope.unrestricted();
    }

    @Override
    @NonNull
    public RecordScope resolveWrite(@NonNull ModelDescriptor model, @NonNull StorageContext context,
                                    @NonNull WriteOperation operation) {
        RecordScope scope = RecordScope.unrestricted();
        for (RequireOwner rule : rules(model).get(operation)) {
            scope = scope.and(rule.writeScope(model, context.getPrincipal().orElse(null)));
        }
        return scope;
    }

    private Map<WriteOperation, List<RequireOwner>> rules(ModelDescriptor model) {
        return rules.computeIfAbsent(model.getName(), name -> {
            Map<WriteOperation, List<RequireOwner>> byOperation = new EnumMap<>(WriteOperation.class);
            ROUTES.forEach((write, route) -> byOperation.put(write, owners(model, route)));
            return byOperation;
        });
    }

    private List<RequireOwner> owners(ModelDescriptor model, Operation operation) {
        return inventory.get().authMiddleware(model, operation).stream()
            .filter(RequireOwner.class::isInstance).map(RequireOwner.class::cast).toList();
    }
}
