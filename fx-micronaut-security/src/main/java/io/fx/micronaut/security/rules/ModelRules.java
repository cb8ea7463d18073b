package io.fx.micronaut.security.rules;

import io.fx.micronaut.pipeline.Operation;
import io.micronaut.core.annotation.Internal;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules {@code fx.security.models.<Model>} configures for one model.
 *
 * @param model           the model name, as registered
 * @param ownerField      the owner field, or null
 * @param ownerAdminRoles roles that bypass the owner rule
 * @param ownerOperations the operations the owner rule covers; empty for read, create, update and delete
 * @param roles           roles required per operation (any of them)
 * @param scopes          scopes required per operation (all of them)
 * @param anyScopes       scopes required per operation (one of them)
 * @param tenant          the tenant field, or null
 * @param block           the blocked operations
 */
@Internal
public record ModelRules(String model, String ownerField, List<String> ownerAdminRoles, Set<Operation> ownerOperations,
                         Map<Operation, List<String>> roles, Map<Operation, List<String>> scopes,
                         Map<Operation, List<String>> anyScopes, String tenant, Set<Operation> block) {
}
