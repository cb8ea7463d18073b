package io.fx.micronaut.security.rules;

import io.fx.micronaut.security.Policy;
import io.fx.micronaut.security.authentication.Admissions;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.AccessGuard;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Authorisation rules, registered from a {@link io.fx.micronaut.pipeline.PipelineConfigurer}. The
 * module's authenticators stand in place of the Auth step's default: register admissions
 * ({@link #allowAnonymous()}, {@link #allowPublicRead()}) and {@link #blockOperation} before them
 * (the default position), and the authorisers after them:
 *
 * <pre>{@code
 * registry.use(Step.AUTH, FxSecurity.allowPublicRead(), MiddlewareOptions.before().models("Post"));
 * registry.use(Step.AUTH, FxSecurity.requireRole("editor"), MiddlewareOptions.after().models("Tag")
 *     .operations(Operation.DELETE));
 * registry.use(Step.AUTH, FxSecurity.requireOwner("ownerId", "admin"), MiddlewareOptions.after().models("Post"));
 * FxSecurity.enforce(policy).register(registry, "Invoice");
 * }</pre>
 *
 * {@link #forceFilter} and {@link #tenancy} give {@link ScopeResolver}s: declare them as beans.
 *
 * @since 0.4.0
 */
public final class FxSecurity {

    private FxSecurity() {
    }

    /**
     * An admission of every operation its registration covers. A registration naming {@code READ} also covers a
     * record's history ({@code READ_HISTORY}); to admit anonymous reads of records but not of their history, name
     * the operations here: {@link #allowAnonymous(Operation...)}.
     *
     * @return an admission (before the authenticators): a request without credential is served anonymously
     */
    @NonNull
    public static Middleware allowAnonymous() {
        return Admissions.anonymous();
    }

    /**
     * @param operations the operations admitted, exactly: {@code READ} admits reads of records, not of their
     *                   history; none for every operation
     * @return an admission (before the authenticators) of requests without credential for those operations only
     * @since 0.8.0
     */
    @NonNull
    public static Middleware allowAnonymous(@NonNull Operation... operations) {
        return Admissions.anonymous(Set.of(operations));
    }

    /**
     * @return an admission (before the authenticators): list, read and HEAD are served without
     *     credential; every other operation still needs one (401)
     */
    @NonNull
    public static Middleware allowPublicRead() {
        return Admissions.publicRead();
    }

    /**
     * @param roles role names, at least one
     * @return an authoriser (after the authenticators): 403 {@code FORBIDDEN} unless the principal holds one
     */
    @NonNull
    public static Middleware requireRole(@NonNull String... roles) {
        return new RequireRoles(List.of(roles));
    }

    /**
     * @param scopes scopes, at least one
     * @return an authoriser (after the authenticators): 403 {@code FORBIDDEN} naming the missing scopes
     *     unless the principal holds every one
     */
    @NonNull
    public static Middleware requireScope(@NonNull String... scopes) {
        return new RequireScopes(List.of(scopes), true);
    }

    /**
     * @param scopes scopes, at least one
     * @return an authoriser (after the authenticators): 403 {@code FORBIDDEN} unless the principal holds one
     */
    @NonNull
    public static Middleware requireAnyScope(@NonNull String... scopes) {
        return new RequireScopes(List.of(scopes), false);
    }

    /**
     * @param field      the owner field, by property or column name
     * @param adminRoles roles that bypass the rule
     * @return an authoriser (after the authenticators) restricting read, update and delete to the
     *     caller's own records (another's is 404) and stamping the owner on create; anonymous: 401
     */
    @NonNull
    public static Middleware requireOwner(@NonNull String field, @NonNull String... adminRoles) {
        return new RequireOwner(field, List.of(adminRoles));
    }

    /**
     * @param operations the operations to refuse
     * @return a middleware (before the authenticators) answering them 405 {@code METHOD_NOT_ALLOWED}
     */
    @NonNull
    public static Middleware blockOperation(@NonNull Operation... operations) {
        return new BlockOperations(List.of(operations));
    }

    /**
     * @param policy the policy
     * @return its DB-step enforcement, to {@link Enforcement#register register}
     */
    @NonNull
    public static Enforcement enforce(@NonNull Policy policy) {
        return new Enforcement(policy);
    }

    /**
     * @param field  a field (property or column name)
     * @param value  the value (or collection of values) the caller may see; null matches nothing
     * @param models the models restricted; none for every model with the field
     * @return a scope resolver to declare as a bean
     */
    @NonNull
    public static ScopeResolver forceFilter(@NonNull String field, @NonNull Function<StorageContext, ?> value,
                                            @NonNull String... models) {
        return new FieldScope(field, value, Set.of(models), false);
    }

    /**
     * @param field  the tenant field (property or column name)
     * @param tenant the caller's tenant
     * @param models the models restricted; none for every model with the field
     * @return a scope resolver to declare as a bean: no tenant is 403 on the model's routes and matches
     *     nothing through other models; the model's {@code unique} fields and unique indexes hold per tenant
     *     (auto-migration leads them with the tenant column, see {@link ScopeResolver#uniqueWithin})
     */
    @NonNull
    public static ScopeResolver tenancy(@NonNull String field, @NonNull Function<StorageContext, String> tenant,
                                        @NonNull String... models) {
        return new FieldScope(field, tenant, Set.of(models), true);
    }

    /**
     * @param field  the tenant field
     * @param models the models restricted; none for every model with the field
     * @return {@link #tenancy(String, Function, String...)} with the principal's tenant id
     */
    @NonNull
    public static ScopeResolver tenancy(@NonNull String field, @NonNull String... models) {
        return tenancy(field, context -> context.getPrincipal().map(AuthInfo::tenantId).orElse(null), models);
    }

    static List<String> names(List<String> names, String factory) {
        if (names.isEmpty() || names.stream().anyMatch(n -> n == null || n.isBlank())) {
            throw new IllegalArgumentException(factory + " needs at least one name, none blank");
        }
        return List.copyOf(names);
    }
}
