package io.fx.micronaut.web;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.SubResource;
import io.micronaut.core.annotation.NonNull;

import java.util.Objects;
import java.util.Optional;

/**
 * What a request was routed to, known before its body is read: the operation, and the model, the custom
 * action or the sub-resource it serves. A {@link BodySizeLimit} decides a route's body limit from it.
 *
 * @since 0.7.0
 */
public final class RouteTarget {

    private final Operation operation;
    private final ModelDescriptor model;
    private final ActionDescriptor action;
    private final SubResource subResource;

    private RouteTarget(Operation operation, ModelDescriptor model, ActionDescriptor action, SubResource subResource) {
        this.operation = Objects.requireNonNull(operation, "operation");
        this.model = model;
        this.action = action;
        this.subResource = subResource;
    }

    /**
     * @param operation a generated operation
     * @param model     its model
     * @return the target of a generated route
     */
    @NonNull
    public static RouteTarget model(@NonNull Operation operation, @NonNull ModelDescriptor model) {
        return new RouteTarget(operation, Objects.requireNonNull(model, "model"), null, null);
    }

    /**
     * @param action a custom action
     * @return the target of its route (its {@link ActionDescriptor#operation() operation}, {@link Operation#ACTION} for a custom action)
     */
    @NonNull
    public static RouteTarget action(@NonNull ActionDescriptor action) {
        return new RouteTarget(Objects.requireNonNull(action, "action").operation(), null, action, null);
    }

    /**
     * @param operation   the operation serving the request's method
     * @param model       the parent model
     * @param subResource the sub-resource
     * @return the target of a sub-resource route
     */
    @NonNull
    public static RouteTarget subResource(@NonNull Operation operation, @NonNull ModelDescriptor model,
                                          @NonNull SubResource subResource) {
        return new RouteTarget(operation, Objects.requireNonNull(model, "model"), null,
            Objects.requireNonNull(subResource, "subResource"));
    }

    /** @return the operation whose pipeline serves the request */
    @NonNull
    public Operation operation() {
        return operation;
    }

    /** @return the model (the parent model of a sub-resource); absent for a custom action */
    @NonNull
    public Optional<ModelDescriptor> findModel() {
        return Optional.ofNullable(model);
    }

    /** @return the custom action; absent for generated and sub-resource routes */
    @NonNull
    public Optional<ActionDescriptor> findAction() {
        return Optional.ofNullable(action);
    }

    /** @return the sub-resource; absent unless the route serves one */
    @NonNull
    public Optional<SubResource> findSubResource() {
        return Optional.ofNullable(subResource);
    }

    @Override
    public String toString() {
        String subject = action != null ? action.method() + " " + action.path()
            : model.getName() + (subResource != null ? "/" + subResource.name() : "");
        return operation + " " + subject;
    }
}
