package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.FxQueryLimits;
import io.fx.micronaut.model.BaseModel;

/** A model with its own, tighter query limits. */
@FxModel(limits = @FxQueryLimits(maxFilterClauses = 2, maxLikeWildcards = 1, maxLikeLength = 12))
public class Ticket extends BaseModel {

    @Fx("filterable, sortable")
    private String subject;
    @Fx("filterable, sortable")
    private Long priority;

    public String getSubject() { return subject; }
    public void setSubject(String subject) { this.subject = subject; }
    public Long getPriority() { return priority; }
    public void setPriority(Long priority) { this.priority = priority; }
}
