<cfscript>
nl = chr(10);
Dur = createObject("java", "java.time.Duration");
CU = createObject("java", "java.time.temporal.ChronoUnit");
d = Dur.ofSeconds(29052, 345000000);
writeOutput(d.toString() & " " & d.toHours() & " " & d.toMinutesPart() & " " & d.toSecondsPart() & " " & d.toMillis() & nl);
writeOutput(Dur.ofMillis(-500).toString() & " " & Dur.ofMinutes(90).toString() & " " & Dur.ZERO.toString() & " " & Dur.ofDays(2).toString() & nl);
writeOutput(Dur.parse("PT1H30M").getSeconds() & " " & Dur.parse("P1DT2S").toString() & " " & Dur.parse("-PT6H3M").toMinutes() & nl);
writeOutput(Dur.of(3, CU.MINUTES).plus(30, CU.SECONDS).toString() & " " & Dur.ofHours(1).minus(Dur.ofMinutes(1)).toString() & nl);
writeOutput(d.multipliedBy(2).getSeconds() & " " & Dur.ofHours(1).dividedBy(4).toString() & " " & Dur.ofSeconds(5).negated().isNegative() & " " & Dur.ofSeconds(5).negated().abs().toString() & nl);
writeOutput(Dur.ofSeconds(60).equals(Dur.ofMinutes(1)) & " " & Dur.ofSeconds(1).compareTo(Dur.ofSeconds(2)) & " " & arrayLen(d.getUnits()) & " " & d.get(CU.SECONDS) & nl);
try { Dur.of(1, CU.MONTHS); } catch (any e) { writeOutput(e.type & nl); }
writeOutput(CU.DAYS.toString() & " " & CU.HALF_DAYS.name() & " " & CU.HOURS.getDuration().toString() & nl);

Inst = createObject("java", "java.time.Instant");
i = Inst.ofEpochMilli(1700000000123);
writeOutput(i.toString() & " " & i.getEpochSecond() & " " & i.getNano() & " " & i.plusSeconds(60).toString() & nl);
writeOutput(Inst.parse("2024-02-29T12:00:00Z").toEpochMilli() & " " & Inst.EPOCH.toString() & nl);
ZO = createObject("java", "java.time.ZoneOffset");
Z = createObject("java", "java.time.ZoneId");
writeOutput(ZO.UTC.getId() & " " & ZO.of("+05:30").getId() & " " & ZO.ofHours(-3).toString() & " " & Z.of("UTC").getId() & nl);
ny = Z.of("America/New_York");
writeOutput(ny.getId() & " " & i.atZone(ny).toString() & nl);
writeOutput(i.atZone(ZO.UTC).toLocalDateTime().toString() & " " & Inst.parse("2024-07-01T12:00:00Z").atZone(ny).getHour() & nl);
try { Z.of("Mars/Olympus"); } catch (any e) { writeOutput(e.type & nl); }
writeOutput(len(Z.systemDefault().getId()) > 0);
writeOutput(nl);

L = createObject("java", "java.time.LocalDateTime");
t = L.parse("2024-05-15T10:20:30");
writeOutput(t.toString() & " " & t.getYear() & " " & t.getMonthValue() & " " & t.getDayOfMonth() & " " & t.getDayOfWeek().toString() & " " & t.getDayOfWeek().getValue() & nl);
TA = createObject("java", "java.time.temporal.TemporalAdjusters");
DOW = createObject("java", "java.time.DayOfWeek");
writeOutput(t.with(TA.lastDayOfMonth()).toString() & " " & t.with(TA.firstInMonth(DOW.MONDAY)).toString() & " " & t.with(TA.next(DOW.WEDNESDAY)).toLocalDate().toString() & nl);
writeOutput(t.withHour(0).withMinute(5).withSecond(0).toString() & " " & t.plusDays(20).toString() & " " & t.minusMonths(3).toString() & nl);
writeOutput(L.parse("2024-01-31T00:00").plusMonths(1).toString() & " " & t.plus(2, CU.HOURS).toString() & " " & t.plusSeconds(30).toString() & nl);
writeOutput(t.isBefore(t.plusNanos(1)) & " " & CU.DAYS.between(t, t.plusDays(3)) & " " & Dur.between(t, t.plusMinutes(2)).toString() & nl);
try { t.withHour(25); } catch (any e) { writeOutput(e.type & nl); }
writeOutput(DOW.SUNDAY.plus(1).toString() & " " & DOW.of(3).toString() & nl);
CF = createObject("java", "java.time.temporal.ChronoField");
writeOutput(CF.HOUR_OF_DAY.toString() & " " & CF.DAY_OF_MONTH.name() & nl);
writeOutput(createObject("java", "java.util.concurrent.TimeUnit").SECONDS.convert(Dur.ofMinutes(2)) & nl);
writeOutput((createDateTime(2024, 1, 1, 0, 0, 0).toInstant().getEpochSecond() > 0) & " " & (createDateTime(2024, 1, 2, 0, 0, 0).getTime() - createDateTime(2024, 1, 1, 0, 0, 0).getTime()) & nl);
</cfscript>
