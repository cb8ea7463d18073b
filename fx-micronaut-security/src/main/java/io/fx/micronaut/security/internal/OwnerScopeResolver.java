package io.fx.micronaut.security.internal;

import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/**
 * Applies the {@link OwnerScope} that {@code requireOwner()} put on the request to every statement on
 * the owned model: a read, update or delete of another's record finds nothing (404, in the statement
 * itself, without a read-then-write race); a create stamps the owner.
 */
@Internal
@Singleton
public final class OwnerScopeResolver implements ScopeResolver {

    @Override
    @NonNull
    public RecordScope resolve(@NonNull ModelDescriptor model, @NonNull StorageContext context) {
        OwnerScope owner = context.getAttribute(SecurityAttributes.OWNER_SCOPE).orElse(null);
        if (owner != null && owner.model().equals(model.getName())) {
            return RecordScope.of(model).eq(owner.field(), owner.userId()).build();
        }
        return RecordScope.unrestricted();
    }
}
