package io.fx.micronaut.security.rules;

import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.fx.micronaut.security.Challenges;
import io.fx.micronaut.security.rules.OwnerScope;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Single-record operations on the caller's own records: anonymous callers get 401; holders of an admin role
 * bypass; list is not restricted. The rule holds in the storage layer, through {@link OwnerScopeResolver}:
 * every write of the owned model the rule covers (by id, through an accessor, an action, a cascade or a
 * {@code setNull} from another model) changes only the caller's records and a create stamps the caller's
 * user id; and within a covered request a read by id of another's record finds nothing (404, as a missing one).
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

    /**
     * @param model     a model this rule covers
     * @param principal the caller; none for an anonymous one
     * @return the rows of the model the caller may write: its own (by the owner column), all for the system and
     *     for an admin role, none for an anonymous caller
     */
    RecordScope writeScope(ModelDescriptor model, AuthInfo principal) {
        if (principal == null) {
            return RecordScope.nothing();
        }
        if (principal.identityType() == IdentityType.SYSTEM || bypasses(principal)) {
            return RecordScope.unrestricted();
        }
        return RecordScope.of(model).eq(columns.computeIfAbsent(model.getName(), name -> column(model)),
            principal.userId()).build();
    }

    private boolean bypasses(AuthInfo principal) {
        return adminRoles.stream().anyMatch(principal::hasRole);
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
        if (!bypasses(principal)) {
            ModelDescriptor model = context.getModel();
            String column = columns.computeIfAbsent(model.getName(), name -> column(model));
            context.attributes().put(OwnerScope.KEY, new OwnerScope(model.getName(), column, principal.userId()));
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
