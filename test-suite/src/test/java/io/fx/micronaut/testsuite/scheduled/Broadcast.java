package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

import java.time.Instant;

/**
 * Scheduled-fields test model, registered by {@link ScheduledTestModels} only: versioned and soft-deleting, with a
 * guarded publish, an expiry, a colour chain green, red, blue over two guarded schedules, an unguarded reset of a
 * number, and a schedule setting a read-only field.
 */
@Introspected
@Fx("versioned")
public class Broadcast extends BaseModel {

    @Fx("required, filterable")
    private String title;
    @Fx("enum:draft|published|archived, default:draft, filterable")
    private String status;
    private String color;
    private Long priority;
    @Fx("readonly")
    private String stage;
    @Fx("scheduled;field=status;from=draft;to=published, filterable, sortable")
    private Instant publishAt;
    @Fx("scheduled;soft-delete")
    private Instant expiresAt;
    @Fx("scheduled;field=color;from=green;to=red")
    private Instant reddenAt;
    @Fx("scheduled;field=color;from=red;to=blue")
    private Instant blueAt;
    @Fx("scheduled;field=priority;to=0")
    private Instant resetAt;
    @Fx("scheduled;field=stage;to=done")
    private Instant stageAt;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
    public String getColor() { return color; }
    public void setColor(String color) { this.color = color; }
    public Long getPriority() { return priority; }
    public void setPriority(Long priority) { this.priority = priority; }
    public String getStage() { return stage; }
    public void setStage(String stage) { this.stage = stage; }
    public Instant getPublishAt() { return publishAt; }
    public void setPublishAt(Instant publishAt) { this.publishAt = publishAt; }
    public Instant getExpiresAt() { return expiresAt; }
    public void setExpiresAt(Instant expiresAt) { this.expiresAt = expiresAt; }
    public Instant getReddenAt() { return reddenAt; }
    public void setReddenAt(Instant reddenAt) { this.reddenAt = reddenAt; }
    public Instant getBlueAt() { return blueAt; }
    public void setBlueAt(Instant blueAt) { this.blueAt = blueAt; }
    public Instant getResetAt() { return resetAt; }
    public void setResetAt(Instant resetAt) { this.resetAt = resetAt; }
    public Instant getStageAt() { return stageAt; }
    public void setStageAt(Instant stageAt) { this.stageAt = stageAt; }
}
