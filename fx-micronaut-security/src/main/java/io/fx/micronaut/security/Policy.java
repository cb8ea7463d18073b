package io.fx.micronaut.security;

import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;

/**
 * Decides whether the caller may see or write one record ({@link FxSecurity#enforce}). It receives the
 * proposed body on create, the stored record on update and delete, the fetched record on read and each
 * row on list. Returning {@code false} refuses with 403 {@code FORBIDDEN} (list rows are dropped
 * instead); throwing answers 500 {@code POLICY_ERROR}.
 *
 * @since 0.4.0
 */
@FunctionalInterface
public interface Policy {

    /**
     * @param context the request
     * @param record  the record, keyed by field name
     * @return whether access is allowed
     * @throws Exception when the policy cannot decide
     */
    boolean allows(@NonNull RequestContext context, @NonNull Map<String, Object> record) throws Exception;

    /**
     * @param policies policies
     * @return a policy allowing when every one allows (none: allows)
     */
    @NonNull
    static Policy allOf(@NonNull Policy... policies) {
        List<Policy> all = List.of(policies);
        return (context, record) -> {
            for (Policy p : all) {
                if (!p.allows(context, record)) {
                    return false;
                }
            }
            return true;
        };
    }

    /**
     * @param policies policies
     * @return a policy allowing when any one allows (none: denies)
     */
    @NonNull
    static Policy anyOf(@NonNull Policy... policies) {
        List<Policy> all = List.of(policies);
        return (context, record) -> {
            for (Policy p : all) {
                if (p.allows(context, record)) {
                    return true;
                }
            }
            return false;
        };
    }

    /**
     * @param policy a policy
     * @return its negation
     */
    @NonNull
    static Policy not(@NonNull Policy policy) {
        return (context, record) -> !policy.allows(context, record);
    }
}
