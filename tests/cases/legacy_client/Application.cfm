<cfapplication name="rimeLegacyClient" clientmanagement="yes" clienttimeout="#createTimeSpan(30, 0, 0, 0)#">
