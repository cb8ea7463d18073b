package io.fx.micronaut.security;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.fx.micronaut.security.internal.Challenges;
import io.fx.micronaut.security.internal.OwnerScope;
import io.fx.micronaut.security.internal.SecurityAttributes;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Single-record operations on the caller's own records: anonymous callers get 401; for others the
 * owner field joins every statement of the request on the model (another's record is 404, as a missing
 * one; a create stamps the caller's user id); holders of an admin role bypass; list is not restricted.
 */
final class RequireOwner implements ModelBoundMiddleware, AccessGuard {

    /** The generated operations on one record; a module's own operations (sub-resources) are per record too. */
    private static final Set<Operation> OWNED = Set.of(Operation.READ, Operation.CREATE, Operation.UPDATE, Operation.DELETE);

    private final String field;
    private final List<String> adminRoles;
    private final Map<String, String> columns = new ConcurrentHashMap<>();

    RequireOwner(String field, List<String> adminRoles) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException("requireOwner needs the owner field");
        }
        this.field = field;
        this.adminRoles = List.copyOf(adminRoles);
    }

    /**
     * Resolves the owner column of each covered model at startup.
     *
     * @param model a model the rule applies to
     * @throws FxConfigurationException when it has no such field
     */
    @Override
    public void bind(@NonNull ModelDescriptor model) {
        columns.put(model.getName(), column(model));
    }

    @Override
    @NonNull
    public Access access(@NonNull Operation operation) {
        return OWNED.contains(operation) || !operation.isGenerated() ? Access.AUTHORISES : Access.NEUTRAL;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        if (access(context.getOperation()) == Access.NEUTRAL || context.findModel().isEmpty()) {
            next.next();
            return;
        }
        AuthInfo principal = context.getPrincipal().orElse(null);
        if (principal == null) {
            CredentialRefusedException refusal = CredentialRefusedException.unauthorized("authentication required");
            Challenges.unauthorized(context, refusal);
            throw refusal;
        }
        if (adminRoles.stream().noneMatch(principal::hasRole)) {
            ModelDescriptor model = context.getModel();
            String column = columns.computeIfAbsent(model.getName(), name -> column(model));
            context.attributes().put(SecurityAttributes.OWNER_SCOPE, new OwnerScope(model.getName(), column, principal.userId()));
        }
        next.next();
    }

    private String column(ModelDescriptor model) {
        return model.getFields().stream()
            .filter(f -> f.name().equals(field) || field.equals(f.property()))
            .map(FieldDescriptor::name)
            .findFirst()
            .orElseThrow(() -> new FxConfigurationException("requireOwner names the field '" + field
                + "', which model " + model.getName() + " does not have"));
    }
}
